#!/usr/bin/env bash
# Build the Pi in a box: a Debian Bookworm disk image with real systemd, Debian's
# kernel, a gpio-sim module built for that kernel, and the Pi's Python stack
# (Debian's python3-pygame 2.1.2, python3-serial, EGL/Mesa for KMSDRM).
#
#   tests/vm/build-image.sh OUT_DIR
#
# Leaves in OUT_DIR: rootfs.img (raw ext4, the whole system), vmlinuz, initrd.img,
# kernel-version, and stamp (a hash of everything the image was built from: a
# second run with the same inputs does nothing). The product is NOT in the image:
# the test copies the checkout in and runs systemd/install.sh inside the VM, as a
# maker would.
#
# Needs root, the Debian archive (the mirror this machine's apt already uses) and
# the Python package index (lgpio and gpiozero 2.x wheels: Debian has no
# python3-lgpio and only gpiozero 1.6). Installs on the host with apt-get:
# debootstrap, qemu, the kernel headers and sources for the module.
set -euo pipefail
umask 022

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${1:?usage: build-image.sh OUT_DIR}
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
SUITE=bookworm

#: What the guest has before the product is installed: the Pi's own stack
#: (install.sh's apt packages, --web's among them, which the guest cannot fetch: it has
#: no network),
#: the kernel, and the guest agent the host drives it through.
GUEST_PACKAGES=(
    systemd-sysv udev kmod dbus procps kbd
    linux-image-amd64 initramfs-tools
    python3 python3-venv python3-pygame python3-serial espeak-ng
    python3-flask python3-waitress python3-qrcode
    libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri
    qemu-guest-agent gpiod
)
HOST_PACKAGES=(debootstrap qemu-system-x86 qemu-utils e2fsprogs zstd)

say() { echo "build-image: $*"; }
fail() { echo "build-image: $*" >&2; exit 2; }

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap and chroot need it)"

stamp=$( { cat "${BASH_SOURCE[0]}"; find "$HERE/guest" -type f | LC_ALL=C sort | xargs cat; } | sha256sum | cut -c1-16)
if [ -f "$OUT/stamp" ] && [ "$(cat "$OUT/stamp")" = "$stamp" ] && [ -f "$OUT/rootfs.img" ]; then
    say "image up to date in $OUT ($stamp)"
    exit 0
fi

need_host_packages() {
    local missing=() p
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    if [ ${#missing[@]} -gt 0 ]; then
        say "apt-get install ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

# The Debian mirror this machine's apt uses for $SUITE (never a hard-coded host).
debian_mirror() {
    apt-get indextargets --format '$(SITE) $(RELEASE)' 'Created-By: Packages' 2>/dev/null \
        | awk -v s="$SUITE" '$2 == s {print $1; exit}'
}

say "host packages"
apt-get update -qq
need_host_packages "${HOST_PACKAGES[@]}"
MIRROR=$(debian_mirror)
[ -n "$MIRROR" ] || fail "apt on this machine has no source for Debian $SUITE"

ROOTFS=$OUT/rootfs
rm -rf "$ROOTFS" "$OUT/rootfs.img" "$OUT/stamp"
start=$SECONDS
say "debootstrap $SUITE from $MIRROR"
debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR" >"$OUT/debootstrap.log" 2>&1 \
    || { tail -20 "$OUT/debootstrap.log"; fail "debootstrap failed (log: $OUT/debootstrap.log)"; }

# The guest takes its packages from the same sources as this machine's apt
# (the suite, its updates and security), so its kernel is the one whose
# headers and sources the host installs below.
rm -f "$ROOTFS/etc/apt/sources.list"
cp -a /etc/apt/sources.list.d/*.sources "$ROOTFS/etc/apt/sources.list.d/" 2>/dev/null || true
[ ! -f /etc/apt/sources.list ] || cp /etc/apt/sources.list "$ROOTFS/etc/apt/sources.list"
for f in "$ROOTFS"/etc/apt/sources.list.d/*; do
    grep -qi debian "$f" || rm -f "$f"
done

in_guest() { chroot "$ROOTFS" env DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"; }
mount -t proc proc "$ROOTFS/proc"
trap 'umount "$ROOTFS/proc" 2>/dev/null || true' EXIT
say "guest packages"
in_guest apt-get update -qq
in_guest apt-get install -y -qq --no-install-recommends "${GUEST_PACKAGES[@]}" \
    >"$OUT/guest-packages.log" 2>&1 || { tail -20 "$OUT/guest-packages.log"; fail "guest packages failed"; }
in_guest apt-get clean
umount "$ROOTFS/proc"
trap - EXIT
say "guest system in $((SECONDS - start)) s"

KVER=$(ls "$ROOTFS/lib/modules" | sort -V | tail -n 1)
[ -n "$KVER" ] || fail "no kernel was installed in the guest"
echo "$KVER" > "$OUT/kernel-version"

# gpio-sim: Debian builds its kernels without it. Build it out of tree from
# Debian's own kernel sources, against the guest kernel's headers.
say "gpio-sim for $KVER"
need_host_packages "linux-headers-$KVER" "linux-source-${KVER%.*-*}" build-essential xz-utils
build_module() {
    local src=/usr/src/linux-source-${KVER%.*-*}.tar.xz dir=$OUT/gpio-sim top
    [ -f "$src" ] || fail "no $src (package linux-source-${KVER%.*-*})"
    rm -rf "$dir"; mkdir -p "$dir"
    top=linux-source-${KVER%.*-*}
    tar -C "$dir" -xJf "$src" "$top/drivers/gpio/gpio-sim.c" "$top/drivers/gpio/gpiolib.h" \
        "$top/kernel/irq/irq_sim.c"
    cp "$dir/$top/drivers/gpio/gpio-sim.c" "$dir/$top/drivers/gpio/gpiolib.h" "$dir/"
    # irq_to_desc() is not exported to modules (since 5.15): the simulated
    # interrupt is raised through the exported generic_handle_irq() instead.
    sed 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' \
        "$dir/$top/kernel/irq/irq_sim.c" > "$dir/irq_sim.c"
    grep -q 'generic_handle_irq(' "$dir/irq_sim.c" || fail "irq_sim.c: the irq_to_desc call was not found"
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' > "$dir/Kbuild"
    mv "$dir/gpio-sim.c" "$dir/gpio-sim-main.c"
    make -s -C "/usr/src/linux-headers-$KVER" M="$dir" modules >"$dir/build.log" 2>&1 \
        || { tail -20 "$dir/build.log"; fail "gpio-sim did not build"; }
    install -D -m 644 "$dir/gpio-sim.ko" "$ROOTFS/lib/modules/$KVER/extra/gpio-sim.ko"
    chroot "$ROOTFS" depmod "$KVER"
}
build_module

# lgpio and gpiozero 2.x from the package index, as wheels the guest installs
# offline (install.sh --plain-debian, with PIP_NO_INDEX and PIP_FIND_LINKS).
say "wheels"
mkdir -p "$ROOTFS/opt/wheels"
python3 -m pip download --quiet --dest "$ROOTFS/opt/wheels" --only-binary=:all: \
    --python-version 3.11 --platform manylinux_2_34_x86_64 --platform manylinux_2_28_x86_64 \
    --platform manylinux2014_x86_64 --platform any --implementation cp \
    'lgpio>=0.2.2' 'gpiozero>=2.0.1' \
    || fail "pip download of lgpio and gpiozero failed"

say "guest files"
cp -a "$HERE/guest/." "$ROOTFS/"
echo pi-in-a-box > "$ROOTFS/etc/hostname"
printf '127.0.1.1 pi-in-a-box\n' >> "$ROOTFS/etc/hosts"
printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' > "$ROOTFS/etc/fstab"
chroot "$ROOTFS" passwd -d root >/dev/null
chroot "$ROOTFS" systemctl enable pi-in-a-box-gpio.service pi-in-a-box-revision.service >/dev/null 2>&1
chroot "$ROOTFS" systemctl mask apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer \
    fstrim.timer >/dev/null 2>&1 || true

cp "$ROOTFS/boot/vmlinuz-$KVER" "$OUT/vmlinuz"
cp "$ROOTFS/boot/initrd.img-$KVER" "$OUT/initrd.img"
say "rootfs.img"
mkfs.ext4 -q -F -L root -d "$ROOTFS" "$OUT/rootfs.img" 3G
rm -rf "$ROOTFS"
echo "$stamp" > "$OUT/stamp"
say "done in $((SECONDS - start)) s: $OUT/rootfs.img (kernel $KVER)"
