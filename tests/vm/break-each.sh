#!/usr/bin/env bash
# Break each capability the Pi in a box proves, one VM run each, and show that its
# checks fail (tests/vm/conftest.py BREAKS says what each break does).
#
#   tests/vm/break-each.sh [NAME ...]      (default: every break; about 5 min each)
#
# Prints, per break, the checks that failed; exits 1 if any break made no check fail.
set -uo pipefail
cd "$(dirname "$0")/../.."
declare -A CHECKS=(
    [display]="install or unit_starts or title"
    [netlink]="install or unit_starts or keys or usb_keyboard or touch"
    [pin-map]="install or unit_starts or gpio"
    [udev-rule]="install or unit_starts or serial"
    [watchdog]="install or unit_starts or watchdog"
    [state-in-ram]="install or unit_starts or gpio_pads_start or valid_tap or power_cut"
    [egl]="install or unit_starts or doctor"
    [sandbox]="install or unit_starts or security"
    [proc-locks]="install or unit_starts or gpio_pads_start or phone_page"
)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(display netlink pin-map udev-rule watchdog state-in-ram egl sandbox proc-locks)
status=0
for name in "${names[@]}"; do
    [ -n "${CHECKS[$name]:-}" ] || { echo "break-each: no break '$name'"; exit 2; }
    log=build/vm/break-$name.log
    mkdir -p build/vm
    COMPANION_VM_BREAK=$name make test-vm VM_SHOTS=build/vm/break-$name-shots VM_PYTEST="-k '${CHECKS[$name]}'" > "$log" 2>&1
    failed=$(grep -E '^FAILED ' "$log" | sed 's/^FAILED tests\/vm\/test_pi_in_a_box.py:://; s/ - .*//')
    if [ -z "$failed" ]; then
        echo "break $name: NOTHING FAILED (log: $log)"; status=1
    else
        echo "break $name: failed:" $failed
    fi
done
exit $status
