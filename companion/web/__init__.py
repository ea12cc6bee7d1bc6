"""``companion web``: the read-only live scoreboard beside the kiosk, for every phone at the table.

A Flask application (:mod:`~companion.web.app`) served by Waitress
(:mod:`~companion.web.serving`) that reads the state database read-only (SQLite's
``mode=ro``: never a writer, never in the way of the kiosk's writes) and shows what the kiosk
judged: the game in progress (:mod:`~companion.web.board`: the last round's dice, table,
verdict lines, tap timeline drawn as SVG by :mod:`~companion.web.timeline_svg`, scores, level),
the finished games and the other two games' score sheets. One shared watcher
(:mod:`~companion.web.watcher`) notices each new save and every open page hears of it by
server-sent events. Everything the page needs (its CSS, its one script) is served from this
package: the Pi has no internet.
"""
