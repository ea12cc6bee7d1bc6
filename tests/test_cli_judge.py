"""``companion judge``: the rules oracle on stdin/stdout, including bad lines."""

import json
import subprocess
import sys

CASE = {"level": "normal", "dice": ["LEFT", "GREEN"], "negation": "NOT",
        "table": {"N": "RED", "E": "BLUE", "S": "YELLOW", "W": "GREEN"}}


def judge(*lines):
    result = subprocess.run([sys.executable, "-m", "companion", "judge"], input="".join(l + "\n" for l in lines),
                            capture_output=True, text=True, timeout=60)
    return result.returncode, [json.loads(line) for line in result.stdout.splitlines()], result.stderr


def test_judge_answers_the_rulebook_example_not_left_and_green():
    status, answers, _ = judge(json.dumps(CASE))
    assert status == 0
    assert answers == [{"tap": True, "valid": ["N", "E", "S"], "reroll": False}]


def test_judge_answers_nobody_may_tap_and_reroll():
    nothing = dict(CASE, dice=["NOTHING", "NOTHING"], negation="NOTHING")
    impossible = {"level": "discovery", "dice": ["NOTHING", "RED"],
                  "table": {"N": "BLUE", "E": "WHITE", "S": "GREEN", "W": "VOID"}}
    _, answers, _ = judge(json.dumps(nothing), json.dumps(impossible))
    assert answers == [{"tap": False, "valid": [], "reroll": False}, {"tap": True, "valid": [], "reroll": True}]


def test_a_field_the_level_does_not_use_is_read_and_ignored():
    hard = {"level": "hard", "dice": ["UP", "NOTHING"], "negation": "NOTHING", "up": "E",
            "liar": True, "table": {"N": "RED", "E": "BLUE", "S": "GREEN", "W": "YELLOW"}}
    normal = dict(hard, level="normal")
    _, answers, _ = judge(json.dumps(hard), json.dumps(normal))
    assert [a["valid"] for a in answers] == [["E"], ["N"]]


def test_a_case_without_a_field_its_level_uses_is_refused_never_judged_with_a_guess():
    """A rules tester left out the negation die at normal and got an answer judged as if it
    showed NOTHING."""
    table = {"N": "RED", "E": "BLUE", "S": "YELLOW", "W": "GREEN"}
    status, answers, _ = judge(
        json.dumps({"level": "discovery", "dice": ["LEFT", "GREEN"], "table": table}),
        json.dumps({"level": "normal", "dice": ["LEFT", "GREEN"], "table": table}),
        json.dumps({"level": "hard", "dice": ["LEFT", "GREEN"], "negation": "NOT",
                    "table": table}),
        json.dumps({"level": "extreme", "dice": ["LEFT", "GREEN"], "negation": "NOT", "up": "N",
                    "table": table}))
    assert status == 1 and answers == [
        {"tap": True, "valid": ["W"], "reroll": False},
        {"error": "line 2: negation: missing (normal needs the negation die (NOTHING, NOT, "
                  "NOT NOT or NOT NOT NOT))"},
        {"error": 'line 3: up: missing (hard needs the side the arrow on the deck points to '
                  '("N" when no arrow shows))'},
        {"error": "line 4: liar: missing (extreme needs whether the Liar shows (true or false))"}]


def test_the_help_says_which_levels_read_negation_up_and_liar_and_that_others_ignore_them():
    said = subprocess.run([sys.executable, "-m", "companion", "judge", "--help"],
                          capture_output=True, text=True, timeout=60).stdout
    words = " ".join(said.split())
    assert '"negation" counts from normal on, "up" from hard on, "liar" in extreme only' in words
    assert "it is read and ignored" in words


def test_a_bad_line_gets_an_error_naming_the_field_and_processing_goes_on():
    lines = [
        "this is not json",
        json.dumps(dict(CASE, dice=["LEFT", "PURPLE"])),
        json.dumps(dict(CASE, table={"N": "VOID", "E": "VOID", "S": "RED", "W": "RED"})),
        json.dumps(dict(CASE, table={"N": "RED", "E": "RED", "S": "RED"})),
        json.dumps(dict(CASE, level="impossible")),
        json.dumps(dict(CASE, up="X")),
        json.dumps(CASE),
    ]
    status, answers, stderr = judge(*lines)
    assert status == 1 and stderr == ""
    errors = [a.get("error", "") for a in answers]
    assert "not JSON" in errors[0]
    assert "dice[1]" in errors[1] and "PURPLE" in errors[1]
    assert "two void" in errors[2]
    assert "table.W" in errors[3]
    assert "level" in errors[4]
    assert "up" in errors[5]
    assert answers[6] == {"tap": True, "valid": ["N", "E", "S"], "reroll": False}


def test_a_missing_field_is_named_missing_and_a_null_is_echoed_as_the_line_wrote_it():
    no_table = {key: value for key, value in CASE.items() if key != "table"}
    status, answers, _ = judge("{}", json.dumps(no_table),
                               json.dumps(dict(CASE, table=dict(CASE["table"], N=None))))
    assert status == 1
    assert [a["error"] for a in answers] == [
        "line 1: level: missing (a case has level, dice and table)",
        "line 2: table: missing (a case has level, dice and table)",
        "line 3: table.N: null is not one of RED, BLUE, GREEN, YELLOW, WHITE, VOID",
    ]


def test_under_python_u_each_answer_is_written_as_soon_as_its_case_is_read():
    """A program driving the oracle case by case (``python3 -u``) gets each answer before it
    sends the next case."""
    import select

    oracle = subprocess.Popen([sys.executable, "-u", "-m", "companion", "judge"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        oracle.stdin.write(json.dumps(CASE) + "\n")
        oracle.stdin.flush()
        ready, _, _ = select.select([oracle.stdout], [], [], 120)  # a bound, not a speed
        assert ready, "no answer while the oracle waits for the next case"
        assert json.loads(oracle.stdout.readline())["valid"] == ["N", "E", "S"]
    finally:
        oracle.stdin.close()
        oracle.wait(timeout=120)


def test_the_judge_refuses_dice_no_roll_can_show_and_a_repeated_key_naming_the_line():
    """The dice are one direction die and one colour die (each with NOTHING faces), so a case's
    two faces are one of each, in either order; a key given twice would leave JSON's last one."""
    rollable = [["NOTHING", "NOTHING"], ["UP", "NOTHING"], ["NOTHING", "RED"], ["RED", "NOTHING"],
                ["GREEN", "LEFT"], ["LEFT", "GREEN"]]
    unrollable = [["UP", "UP"], ["RED", "BLUE"], ["LEFT", "RIGHT"], ["GREEN", "GREEN"]]
    lines = [json.dumps(dict(CASE, dice=dice)) for dice in rollable + unrollable]
    lines += [
        "",   # a blank line gets an error: the Nth answer stays the Nth line's
        '{"level": "normal", "dice": ["LEFT", "GREEN"], "negation": "NOT", "dice": ["UP", "RED"],'
        ' "table": {"N": "RED", "E": "BLUE", "S": "YELLOW", "W": "GREEN"}}',
        '{"level": "normal", "dice": ["LEFT", "GREEN"], "negation": "NOT",'
        ' "table": {"N": "RED", "E": "BLUE", "S": "YELLOW", "W": "GREEN", "N": "VOID"}}',
        json.dumps(CASE),
    ]
    status, answers, stderr = judge(*lines)
    assert status == 1 and stderr == "" and len(answers) == len(lines)
    assert answers[-4] == {"error": "line 11: a blank line, not a case (one JSON object per "
                                    "line)"}
    assert all("tap" in answer for answer in answers[:len(rollable)])
    faces = ("one face is the direction die's (UP, DOWN, LEFT, RIGHT or NOTHING), "
             "the other the colour die's (RED, BLUE, GREEN, YELLOW or NOTHING)")
    for number, (dice, answer) in enumerate(zip(unrollable, answers[len(rollable):]),
                                            start=len(rollable) + 1):
        assert answer == {"error": f"line {number}: dice: {json.dumps(dice)} is not a roll: "
                                   f"{faces}"}
    repeated_field, repeated_side, good = answers[-3:]
    assert repeated_field == {"error": "line 12: field 'dice' is given twice (JSON would keep the "
                                       "last one): give each field once"}
    assert repeated_side == {"error": "line 13: table: side 'N' is given twice (JSON would keep "
                                      "the last one): give each side once"}
    assert good == {"tap": True, "valid": ["N", "E", "S"], "reroll": False}

