/*
 * harness.c - runs a firmware ELF in simavr, drives its pins at exact simulated
 * instants and hands back every UART byte with its simulated time.
 *
 * Usage: harness [--pty [--live]] MCU FIRMWARE.elf < SCRIPT
 *
 * SCRIPT lines (times in simulated nanoseconds since power-on, any order):
 *   drive NS PORT BIT LEVEL   set pin PORT (A..L) BIT (0..7) to LEVEL (0 or 1)
 *   send NS HEX               feed the bytes HEX (e.g. 0a1b00) into UART0's RX
 *   end NS                    stop the simulation at NS (required)
 *   watch PORT BIT            report every change of that pin: "NS pin PORT BIT LEVEL"
 *
 * Output (stdout), one line per UART0 byte sent by the firmware: "NS HEX"
 * (and the watch lines, for measuring firmware timing).
 * With --pty the harness opens a pseudo-terminal instead, prints its path as
 * the first stdout line, paces the simulation to the wall clock, writes the
 * firmware's UART bytes to the terminal and feeds what the host writes there
 * into UART0's RX. With --pty --live the script ends at its end line and the
 * harness then reads live lines on stdin while it runs (EOF ends the run):
 *   drive @NS PORT BIT LEVEL  set the pin when the simulation reaches the
 *                             host's CLOCK_MONOTONIC instant NS (at once if
 *                             that is past, and the rest of the lines read
 *                             with it as much later), so presses keep their
 *                             spacing however late the harness reads them.
 * Errors: one line on stderr, exit status 2.
 *
 * Two things simavr 1.6 leaves out, added here as the datasheets describe
 * them: writing a one to an interrupt flag in PCIFR or EIFR clears that flag
 * (and its pending interrupt), and on the ATmega2560 ports J and K raise
 * PCINT1 (PCMSK1 bits 1-7 = PJ0-6) and PCINT2 (PCMSK2 = PK0-7).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>
#include <sim_time.h>

#define FREQUENCY 16000000UL
#define PCIFR_ADDR 0x3B /* data addresses, the same on the ATmega328P and ATmega2560 */
#define EIFR_ADDR 0x3C
#define PCICR_ADDR 0x68
#define PCMSK1_ADDR 0x6C
#define PCMSK2_ADDR 0x6D

enum kind { DRIVE, SEND };

struct action {
    unsigned long long ns;
    enum kind kind;
    char port;
    int bit, level;
    unsigned char bytes[64];
    int nbytes;
};

static struct action *actions;
static size_t action_count, next_action, action_capacity;
static int live_mode, live_eof;
static unsigned long long start_wall; /* CLOCK_MONOTONIC ns at simulated time 0 */
static char live_line[256];
static size_t live_len;
static avr_t *avr;
static avr_irq_t *uart_input;
static int pty_fd = -1;
static FILE *out; /* our stdout; simavr's own messages go to stderr */
static struct action watches[8];
static size_t watch_count;

static void fail(const char *message, const char *detail)
{
    fprintf(stderr, "harness: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

static unsigned long long ns_of(avr_cycle_count_t cycle)
{
    return (unsigned long long)cycle * 1000000000ULL / FREQUENCY;
}

static avr_cycle_count_t cycle_of(unsigned long long ns)
{
    /* round up: the action happens at the first cycle at or after ns */
    return (avr_cycle_count_t)((ns * FREQUENCY + 999999999ULL) / 1000000000ULL);
}

static int by_time(const void *a, const void *b)
{
    const struct action *x = a, *y = b;
    return (x->ns > y->ns) - (x->ns < y->ns);
}

static int hex_bytes(const char *hex, unsigned char *out, int max)
{
    int n = 0;
    size_t len = strlen(hex);
    if (len % 2)
        return -1;
    for (size_t i = 0; i < len; i += 2) {
        unsigned int value;
        if (n == max || sscanf(hex + i, "%2x", &value) != 1)
            return -1;
        out[n++] = (unsigned char)value;
    }
    return n;
}

static void add_action(struct action a)
{
    if (action_count == action_capacity) {
        action_capacity = action_capacity ? action_capacity * 2 : 256;
        actions = realloc(actions, action_capacity * sizeof *actions);
        if (!actions)
            fail("out of memory", NULL);
    }
    actions[action_count++] = a;
}

static unsigned long long read_script(void)
{
    char line[256];
    unsigned long long end_ns = 0;
    int line_no = 0;
    while (fgets(line, sizeof line, stdin)) {
        line_no++;
        char word[16], text[160];
        struct action a = {0};
        char where[32];
        snprintf(where, sizeof where, "script line %d", line_no);
        if (sscanf(line, "%15s", word) != 1)
            continue;
        if (!strcmp(word, "end")) {
            if (sscanf(line, "end %llu", &end_ns) != 1)
                fail("bad end line", where);
            if (live_mode)
                break;
            continue;
        } else if (!strcmp(word, "drive")) {
            a.kind = DRIVE;
            if (sscanf(line, "drive %llu %c %d %d", &a.ns, &a.port, &a.bit, &a.level) != 4 ||
                a.bit < 0 || a.bit > 7 || (a.level != 0 && a.level != 1))
                fail("bad drive line", where);
        } else if (!strcmp(word, "watch")) {
            if (sscanf(line, "watch %c %d", &a.port, &a.bit) != 2 || a.bit < 0 || a.bit > 7)
                fail("bad watch line", where);
            if (watch_count == sizeof watches / sizeof *watches)
                fail("too many watch lines", where);
            watches[watch_count++] = a;
            continue;
        } else if (!strcmp(word, "send")) {
            a.kind = SEND;
            if (sscanf(line, "send %llu %159s", &a.ns, text) != 2 ||
                (a.nbytes = hex_bytes(text, a.bytes, sizeof a.bytes)) < 0)
                fail("bad send line", where);
        } else {
            fail("unknown script word", where);
        }
        add_action(a);
    }
    if (!end_ns)
        fail("the script has no end line", NULL);
    qsort(actions, action_count, sizeof *actions, by_time);
    return end_ns;
}

static void perform(const struct action *a)
{
    if (a->kind == DRIVE) {
        avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(a->port), a->bit);
        if (!irq)
            fail("the MCU has no such port", (char[]){a->port, 0});
        avr_raise_irq(irq, a->level);
    } else {
        for (int i = 0; i < a->nbytes; i++)
            avr_raise_irq(uart_input, a->bytes[i]);
    }
}

/* Cycle timer: perform every action due now, then wake again for the next one. */
static avr_cycle_count_t on_action(avr_t *avr_, avr_cycle_count_t when, void *param)
{
    (void)avr_;
    (void)param;
    while (next_action < action_count && cycle_of(actions[next_action].ns) <= when)
        perform(&actions[next_action++]);
    if (next_action < action_count)
        return cycle_of(actions[next_action].ns);
    return 0;
}

static void on_uart_byte(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    (void)param;
    unsigned char byte = (unsigned char)value;
    if (pty_fd >= 0) {
        if (write(pty_fd, &byte, 1) < 0 && errno != EAGAIN && errno != EIO)
            fail("cannot write to the pty", strerror(errno));
    } else {
        fprintf(out, "%llu %02x\n", ns_of(avr->cycle), byte);
    }
}

static void on_watched_pin(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq;
    const struct action *w = param;
    fprintf(out, "%llu pin %c %d %u\n", ns_of(avr->cycle), w->port, w->bit, value);
}

/* Writing a one to an interrupt flag clears it, and the interrupt is no longer pending. */
static void on_flag_write(struct avr_t *avr_, avr_io_addr_t addr, uint8_t value, void *param)
{
    (void)param;
    avr_->data[addr] &= (uint8_t)~value;
    for (int i = 0; i < avr_->interrupts.vector_count; i++) {
        avr_int_vector_t *vector = avr_->interrupts.vector[i];
        if (vector->raised.reg == addr && (value >> vector->raised.bit) & 1)
            avr_clear_interrupt(avr_, vector);
    }
}

/* ATmega2560 PCINT1 (port J, PCMSK1 bit = pin bit + 1) and PCINT2 (port K). */
static avr_int_vector_t pcint_j = {
    .vector = 10, .enable = AVR_IO_REGBIT(PCICR_ADDR, 1), .raised = AVR_IO_REGBIT(PCIFR_ADDR, 1)};
static avr_int_vector_t pcint_k = {
    .vector = 11, .enable = AVR_IO_REGBIT(PCICR_ADDR, 2), .raised = AVR_IO_REGBIT(PCIFR_ADDR, 2)};

static void on_pin_change(struct avr_irq_t *irq, uint32_t value, void *param)
{
    (void)value;
    int port_k = param == &pcint_k;
    uint8_t mask = avr->data[port_k ? PCMSK2_ADDR : PCMSK1_ADDR];
    if ((mask >> (irq->irq + (port_k ? 0 : 1))) & 1)
        avr_raise_interrupt(avr, param);
}

static int has_vector(int number)
{
    for (int i = 0; i < avr->interrupts.vector_count; i++)
        if (avr->interrupts.vector[i]->vector == number)
            return 1;
    return 0;
}

static void add_missing_interrupts(const char *mcu)
{
    avr_register_io_write(avr, PCIFR_ADDR, on_flag_write, NULL);
    avr_register_io_write(avr, EIFR_ADDR, on_flag_write, NULL);
    if (strcmp(mcu, "atmega2560"))
        return;
    avr_int_vector_t *vectors[2] = {&pcint_j, &pcint_k};
    const char ports[2] = {'J', 'K'};
    for (int p = 0; p < 2; p++) {
        if (has_vector(vectors[p]->vector))
            continue;
        avr_register_vector(avr, vectors[p]);
        for (int bit = 0; bit < 8; bit++)
            avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(ports[p]), bit),
                                    on_pin_change, vectors[p]);
    }
}

static void open_pty(void)
{
    pty_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (pty_fd < 0 || grantpt(pty_fd) || unlockpt(pty_fd))
        fail("cannot open a pty", strerror(errno));
    struct termios raw;
    int slave = open(ptsname(pty_fd), O_RDWR | O_NOCTTY);
    if (slave < 0 || tcgetattr(slave, &raw))
        fail("cannot set up the pty", strerror(errno));
    cfmakeraw(&raw);
    tcsetattr(slave, TCSANOW, &raw);
    close(slave);
    fcntl(pty_fd, F_SETFL, fcntl(pty_fd, F_GETFL) | O_NONBLOCK);
    fprintf(out, "%s\n", ptsname(pty_fd));
    fflush(out);
}

static unsigned long long wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* live mode: how late the lines read so far in this batch came (simulated ns). */
static unsigned long long live_late;

/* live mode: schedule one "drive @NS PORT BIT LEVEL" line (NS: host CLOCK_MONOTONIC). A line
 * whose instant is past is applied at once, and every later line of the same batch is moved
 * by as much: a press and its release read late together keep their spacing, never collapse
 * into one instant the firmware cannot see. */
static void live_drive(const char *line)
{
    struct action a = {0};
    unsigned long long wall, at, now = ns_of(avr->cycle);
    if (sscanf(line, "drive @%llu %c %d %d", &wall, &a.port, &a.bit, &a.level) != 4 ||
        a.bit < 0 || a.bit > 7 || (a.level != 0 && a.level != 1))
        fail("bad live line", line);
    a.kind = DRIVE;
    at = (wall > start_wall ? wall - start_wall : 0) + live_late;
    if (at < now) {
        live_late += now - at;
        at = now;
    }
    a.ns = at;
    add_action(a);
}

/* live mode: take every complete line waiting on stdin, then re-arm the action timer. */
static void live_lines(void)
{
    size_t before = action_count;
    char c;
    ssize_t n;
    live_late = 0;
    while ((n = read(0, &c, 1)) == 1) {
        if (c != '\n' && live_len < sizeof live_line - 1) {
            live_line[live_len++] = c;
            continue;
        }
        live_line[live_len] = 0;
        if (live_len)
            live_drive(live_line);
        live_len = 0;
    }
    if (n == 0)
        live_eof = 1;
    if (action_count == before)
        return;
    qsort(actions + next_action, action_count - next_action, sizeof *actions, by_time);
    avr_cycle_count_t at = cycle_of(actions[next_action].ns);
    avr_cycle_timer_register(avr, at > avr->cycle ? at - avr->cycle : 1, on_action, NULL);
}

/* pty mode: hold the simulation to the wall clock and pass host bytes in. */
static void pace(void)
{
    unsigned char buf[64];
    ssize_t n = read(pty_fd, buf, sizeof buf);
    for (ssize_t i = 0; i < n; i++)
        avr_raise_irq(uart_input, buf[i]);
    if (live_mode)
        live_lines();
    unsigned long long sim = ns_of(avr->cycle), wall = wall_ns() - start_wall;
    if (sim > wall + 200000ULL) {
        struct timespec ts = {0, (long)(sim - wall)};
        nanosleep(&ts, NULL);
    }
}

int main(int argc, char **argv)
{
    int use_pty = argc > 1 && !strcmp(argv[1], "--pty");
    live_mode = use_pty && argc > 2 && !strcmp(argv[2], "--live");
    if (argc != 3 + use_pty + live_mode)
        fail("usage: harness [--pty [--live]] MCU FIRMWARE.elf < SCRIPT", NULL);
    const char *mcu = argv[1 + use_pty + live_mode], *elf_path = argv[2 + use_pty + live_mode];
    if (live_mode)
        setvbuf(stdin, NULL, _IONBF, 0); /* leave the live lines unread in the pipe */
    unsigned long long end_ns = read_script();
    if (live_mode)
        fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    out = fdopen(dup(1), "w");
    dup2(2, 1);

    elf_firmware_t firmware;
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(elf_path, &firmware))
        fail("cannot read the firmware", elf_path);
    avr = avr_make_mcu_by_name(mcu);
    if (!avr)
        fail("simavr does not know this MCU", mcu);
    avr_init(avr);
    avr->log = 0;
    avr_load_firmware(avr, &firmware);
    avr->frequency = FREQUENCY;
    add_missing_interrupts(mcu);

    uint32_t flags = 0;
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
    flags &= ~(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            on_uart_byte, NULL);
    uart_input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);

    for (size_t i = 0; i < watch_count; i++) {
        avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(watches[i].port), watches[i].bit);
        if (!irq)
            fail("the MCU has no such port", (char[]){watches[i].port, 0});
        avr_irq_register_notify(irq, on_watched_pin, &watches[i]);
    }
    if (use_pty)
        open_pty();
    if (action_count)
        avr_cycle_timer_register(avr, cycle_of(actions[0].ns), on_action, NULL);

    avr_cycle_count_t end_cycle = cycle_of(end_ns);
    start_wall = wall_ns();
    unsigned long passes = 0;
    while (avr->cycle < end_cycle && !live_eof) {
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed)
            fail("the firmware stopped", state == cpu_Crashed ? "crashed" : "done");
        if (use_pty && (++passes & 0x3FF) == 0)
            pace();
    }
    fflush(out);
    return 0;
}
