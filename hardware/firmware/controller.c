/*
 * controller.c - firmware of the serial button controller (ATmega328P, ATmega2560).
 *
 * Owns: stamping every button edge in the controller's own clock, leading-edge
 * debounce, and sending framed messages over the UART (hardware/PROTOCOL.md).
 *
 * Clock: Timer1 runs free at F_CPU/8 (0.5 us ticks at 16 MHz). Its overflow
 * count is kept in software (no timer interrupt: the main loop clears TOV1 and
 * counts; a stamp taken while an overflow is pending adds it), giving a 48-bit
 * tick count: 16 bits of hardware and 32 of software. It wraps after 4.5 years.
 *
 * Stamping: every button pin has an interrupt (pin-change or INTn, any edge);
 * all of them enter one routine, snapshot.S, which reads TCNT1 and then every
 * button port, pushes the snapshot into a ring, and takes another snapshot at
 * once while further buttons change. The main loop turns snapshots into
 * debounced edges: the first edge of a pin is reported with its own stamp,
 * then the pin is locked for DEBOUNCE_US; when the lock ends and the line has
 * settled at the other level, that edge is reported with the stamp of the
 * line's last change. Lost snapshots or edges (a full ring) are counted and
 * reported in every heartbeat, never dropped silently.
 *
 * Glitch filter (for long pad cables that pick up spikes): a press is reported
 * only once the line has stayed closed (low) for MIN_PRESS_US without another
 * edge, still stamped with its first edge. Edges that leave the line open for
 * MIN_PRESS_US before that, or still chatter DEBOUNCE_US after the first edge,
 * were a glitch: no press, no release; glitches are counted and the count sent
 * in a FILTER message.
 *
 * The main loop never blocks: each pass moves at most one byte in and one
 * byte out of the UART and does a bounded piece of work. The main loop
 * never disables interrupts for more than a few cycles, so a button
 * interrupt waits at most one instruction.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdint.h>
#include <util/crc16.h>

#include "pins.h" /* generated from companion/boards/avr.py */

#define FIRMWARE_VERSION 3          /* 3: the glitch filter and the FILTER message */
#define TICKS_PER_US 2              /* F_CPU / 8 / 1e6 at 16 MHz */
#define DEBOUNCE_US 5000UL

#ifndef MIN_PRESS_US                /* the glitch filter (0: off); a test build may set it */
#define MIN_PRESS_US 300UL
#endif
#if MIN_PRESS_US >= DEBOUNCE_US
#error "MIN_PRESS_US must be shorter than DEBOUNCE_US"
#endif
#define HEARTBEAT_OVERFLOWS 3       /* a heartbeat every 3 Timer1 overflows: 98.3 ms */
#define BAUD_UBRR 1                 /* 1,000,000 baud with U2X at 16 MHz */

#ifndef CLOCK_START                 /* software overflow count at power-on (tests set it near the top) */
#define CLOCK_START 0UL
#endif

/* Message types (hardware/PROTOCOL.md). */
#define MSG_HELLO 0x01
#define MSG_EDGE 0x02
#define MSG_HEARTBEAT 0x03
#define MSG_PONG 0x04
#define MSG_FILTER 0x05
#define MSG_HELLO_REQUEST 0x40
#define MSG_PING 0x41

/* ---- ports ------------------------------------------------------------ */

struct port_slot {
    volatile uint8_t *pin_reg;
    uint8_t mask;
    uint8_t index[8];
};

/* The button ports in the order snapshot.S stores them (its PORT_ORDER). */
#if defined(__AVR_ATmega328P__)
#define SNAPSHOT_ENTRY 8
static const struct port_slot slots[] = {
    {&PINB, PORT_B_MASK, PORT_B_INDEX},
    {&PINC, PORT_C_MASK, PORT_C_INDEX},
    {&PIND, PORT_D_MASK, PORT_D_INDEX},
};
#elif defined(__AVR_ATmega2560__)
#define SNAPSHOT_ENTRY 16
static const struct port_slot slots[] = {
    {&PINB, PORT_B_MASK, PORT_B_INDEX}, {&PIND, PORT_D_MASK, PORT_D_INDEX},
    {&PINE, PORT_E_MASK, PORT_E_INDEX}, {&PINJ, PORT_J_MASK, PORT_J_INDEX},
    {&PINK, PORT_K_MASK, PORT_K_INDEX},
};
#else
#error "unsupported MCU: build for atmega328p or atmega2560"
#endif
#define SLOT_COUNT (sizeof slots / sizeof *slots)

/* ---- clock ------------------------------------------------------------ */

struct stamp {
    uint16_t lo; /* TCNT1 */
    uint32_t hi; /* software overflow count */
};

static volatile uint32_t overflows = CLOCK_START;
/* Its low byte, for snapshot.S: kept in r3, which only this file writes. */
register uint8_t overflows_lo asm("r3");

/* The 48-bit tick count from a TCNT1 reading and a TIFR1 reading taken after it
 * (within one Timer1 period, with no overflow counted in between). */
static inline __attribute__((always_inline)) struct stamp
stamp_of(uint16_t count, uint8_t flags, uint32_t hi)
{
    if ((flags & _BV(TOV1)) && count < 0x8000)
        hi++;
    return (struct stamp){count, hi};
}

/* Now. Only the 16-bit TCNT1 read runs with interrupts off (snapshot.S uses
 * the same TEMP latch); TIFR1 and the overflow count change only here in the
 * main loop, so they need no lock. */
static struct stamp clock_now(void)
{
    uint8_t sreg = SREG;
    cli();
    uint16_t count = TCNT1;
    SREG = sreg;
    return stamp_of(count, TIFR1, overflows);
}

/* Count a Timer1 overflow; called every main-loop pass (overflows come every
 * 32.8 ms). snapshot.S reads TIFR1 and r3 together, so those two change
 * together: interrupts are off for three instructions. */
static inline void clock_service(void)
{
    if (TIFR1 & _BV(TOV1)) {
        cli();
        overflows_lo++;
        TIFR1 = _BV(TOV1);
        sei();
        overflows++;
    }
}

static inline uint32_t ticks32(struct stamp s)
{
    return ((uint32_t)s.hi << 16) | s.lo;
}

/* ---- snapshots: what snapshot.S takes at each button interrupt ---------- */

/* One ring entry as snapshot.S writes it. */
struct snapshot {
    uint8_t count_lo, count_hi; /* TCNT1, read first */
    uint8_t tifr;               /* TIFR1, read after TCNT1 */
    uint8_t overflows_lo;       /* low byte of the software overflow count */
    uint8_t levels[SLOT_COUNT]; /* each port's PIN register, read right after TCNT1 */
};

/* The ring: one 256-byte page, so snapshot.S keeps offsets in one byte. */
#define RAW_ENTRIES (256 / SNAPSHOT_ENTRY)
#define NOINIT __attribute__((section(".noinit"))) /* written before read: not cleared at boot */
uint8_t raw[256] __attribute__((aligned(256))) NOINIT;
volatile uint8_t raw_head;          /* byte offset into raw: the next snapshot's slot */
register uint8_t raw_tail asm("r12"); /* byte offset of the oldest snapshot (snapshot.S reads it) */
volatile uint8_t raw_lost;           /* snapshots kept out of a full ring (wraps) */
static uint8_t raw_lost_seen;
static uint16_t lost;                /* snapshots and edges lost, total (saturates) */

static void count_lost(uint8_t how_many)
{
    lost = (uint16_t)(lost + how_many) < lost ? 0xFFFF : lost + how_many;
}

/* The 48-bit stamp of a snapshot, given the overflow count now (taken within
 * 255 overflows, 8 s, of the snapshot). */
static struct stamp snapshot_stamp(const struct snapshot *s)
{
    uint32_t now = overflows;
    uint32_t hi = now - (uint8_t)((uint8_t)now - s->overflows_lo);
    return stamp_of(s->count_lo | ((uint16_t)s->count_hi << 8), s->tifr, hi);
}

/* Snapshot every port now, as snapshot.S does, from the main loop. */
static void snapshot_now(void)
{
    cli();
    uint8_t head = raw_head;
    struct snapshot *s = (struct snapshot *)&raw[head];
    uint16_t count = TCNT1;
    s->count_lo = (uint8_t)count;
    s->count_hi = count >> 8;
    s->tifr = TIFR1;
    s->overflows_lo = overflows_lo;
    for (uint8_t slot = 0; slot < SLOT_COUNT; slot++)
        s->levels[slot] = *slots[slot].pin_reg;
    head += SNAPSHOT_ENTRY;
    if (head != raw_tail)
        raw_head = head;
    else
        raw_lost++;
    sei();
}

#if defined(__AVR_ATmega328P__)
static void interrupts_init(void)
{
    PCMSK0 = PORT_B_MASK;
    PCMSK1 = PORT_C_MASK;
    PCMSK2 = PORT_D_MASK;
    PCIFR = _BV(PCIF0) | _BV(PCIF1) | _BV(PCIF2);
    PCICR = _BV(PCIE0) | _BV(PCIE1) | _BV(PCIE2);
}
#elif defined(__AVR_ATmega2560__)
static void interrupts_init(void)
{
    PCMSK0 = PORT_B_MASK;
    PCMSK1 = (uint8_t)(PORT_J_MASK << 1); /* PCINT9.. = PJ0.. */
    PCMSK2 = PORT_K_MASK;
    PCIFR = _BV(PCIF0) | _BV(PCIF1) | _BV(PCIF2);
    PCICR = _BV(PCIE0) | _BV(PCIE1) | _BV(PCIE2);
    EICRA = _BV(ISC00) | _BV(ISC10) | _BV(ISC20) | _BV(ISC30); /* any edge */
    EICRB = _BV(ISC40) | _BV(ISC50);
    EIFR = 0x3F;
    EIMSK = 0x3F;
}
#endif

/* ---- debounce: snapshots -> edges ------------------------------------- */

#define PIN_RELEASED 0x01 /* reported level: high = released (pull-up) */
#define PIN_LOCKED 0x02
#define PIN_PENDING 0x04  /* a press waits for MIN_PRESS_US of closed line (glitch filter) */

static uint8_t seen[SLOT_COUNT];          /* last snapshot processed, per port */
static uint8_t pin_flags[PIN_COUNT];
static uint8_t pin_slot[PIN_COUNT], pin_bit[PIN_COUNT];
static uint32_t lock_start[PIN_COUNT] NOINIT; /* low 32 bits of ticks */
static struct stamp last_change[PIN_COUNT] NOINIT;
static struct stamp press_start[PIN_COUNT] NOINIT; /* first edge of a pending press */
static uint16_t glitches;                 /* pending presses dropped, total (saturates) */

static void count_glitch(void)
{
    if (glitches != 0xFFFF)
        glitches++;
}

#define EDGE_SIZE 64 /* power of two */
#define EDGE_PRESSED 0x80
struct edge {
    uint8_t pin; /* wire index | EDGE_PRESSED */
    struct stamp at;
};
static struct edge edges[EDGE_SIZE] NOINIT;
static uint8_t edge_head, edge_tail;

static void edge_push(uint8_t pin, uint8_t released, struct stamp at)
{
    uint8_t next = (edge_head + 1) & (EDGE_SIZE - 1);
    if (next == edge_tail) {
        count_lost(1);
        return;
    }
    edges[edge_head].pin = released ? pin : (pin | EDGE_PRESSED);
    edges[edge_head].at = at;
    edge_head = next;
}

/* Report the pin's new level with stamp ``at`` and lock it for the debounce time. */
static void report(uint8_t pin, uint8_t released, struct stamp at)
{
    pin_flags[pin] = (released ? PIN_RELEASED : 0) | PIN_LOCKED;
    lock_start[pin] = ticks32(at);
    edge_push(pin, released, at);
}

/* The line went to ``released`` at ``at`` on an unlocked pin whose reported level
 * differs: report it, or, for a press under the glitch filter, hold it pending. */
static void leading_edge(uint8_t pin, uint8_t released, struct stamp at)
{
    if (released || !MIN_PRESS_US) {
        report(pin, released, at);
        return;
    }
    pin_flags[pin] |= PIN_PENDING;
    press_start[pin] = at;
}

static const uint32_t min_press_ticks = MIN_PRESS_US * TICKS_PER_US; /* 0: never pending */

/* The line of a pin with a pending press changed at ``at``: the level it leaves has
 * lasted since the last change. Closed for MIN_PRESS_US, the press counts (stamped
 * with its first edge; this opening falls in its debounce lock); open that long, the
 * press was a glitch, and this closing edge is the first of a new one. */
static void pending_edge(uint8_t pin, uint8_t released, struct stamp at)
{
    if (ticks32(at) - ticks32(last_change[pin]) < min_press_ticks)
        return;
    if (released) {
        report(pin, 0, press_start[pin]);
    } else {
        count_glitch();
        press_start[pin] = at;
    }
}

/* Take the oldest snapshot, if any, and report the leading edges it shows. */
static void snapshot_service(void)
{
    uint8_t tail = raw_tail;
    if (tail == raw_head)
        return;
    __asm__ __volatile__("" ::: "memory"); /* read the entry only after seeing the head move */
    const struct snapshot *snap = (const struct snapshot *)&raw[tail];
    struct stamp at = snapshot_stamp(snap);
    for (uint8_t slot = 0; slot < SLOT_COUNT; slot++) {
        const struct port_slot *port = &slots[slot];
        uint8_t levels = snap->levels[slot];
        uint8_t changed = (levels ^ seen[slot]) & port->mask;
        seen[slot] = levels;
        for (uint8_t bit = 0; changed; bit++, changed >>= 1) {
            if (!(changed & 1))
                continue;
            uint8_t pin = port->index[bit];
            uint8_t released = (levels >> bit) & 1;
            if (pin_flags[pin] & PIN_PENDING)
                pending_edge(pin, released, at);
            last_change[pin] = at;
            if (!(pin_flags[pin] & (PIN_LOCKED | PIN_PENDING))
                && released != (pin_flags[pin] & PIN_RELEASED))
                leading_edge(pin, released, at);
        }
    }
    raw_tail = tail + SNAPSHOT_ENTRY; /* wraps with the page */
}

/* After snapshots were lost to a full ring, the port levels the debouncer last
 * saw may be stale: once the ring has room, snapshot every port afresh (stamped
 * now), so no level change stays unseen. The loss itself is counted. */
static void loss_service(void)
{
    static uint8_t resynced;
    uint8_t lost_now = raw_lost;
    if (lost_now == resynced || raw_head != raw_tail)
        return;
    resynced = lost_now;
    snapshot_now();
}

/* One pin per pass, round robin: unlock it once its debounce time is over, or
 * settle its pending press once the line has kept one level for MIN_PRESS_US
 * until now (pending_edge settles it when an edge ends that stretch): closed, the
 * press is reported with its first edge's stamp; open, it was a glitch. A press
 * still pending DEBOUNCE_US after its first edge (chatter) is a glitch too: the
 * line, if closed, starts a new press at its last edge, so no press is sent more
 * than DEBOUNCE_US + MIN_PRESS_US after its stamp. */
static void lock_service(void)
{
    static uint8_t pin;
    if (++pin >= PIN_COUNT)
        pin = 0;
    uint8_t flags = pin_flags[pin];
    if (!(flags & (PIN_LOCKED | PIN_PENDING)))
        return;
    uint32_t now = ticks32(clock_now()); /* read before the ring is checked empty below */
    if (flags & PIN_LOCKED) {
        if (now - lock_start[pin] < DEBOUNCE_US * TICKS_PER_US)
            return;
    } else if (now - ticks32(last_change[pin]) < min_press_ticks
               && now - ticks32(press_start[pin]) < DEBOUNCE_US * TICKS_PER_US) {
        return;
    }
    if (raw_tail != raw_head)
        return; /* settle only once every snapshot taken so far is processed */
    pin_flags[pin] = flags & ~(PIN_LOCKED | PIN_PENDING);
    uint8_t released = (seen[pin_slot[pin]] >> pin_bit[pin]) & 1;
    if (flags & PIN_PENDING) {
        if (!released && now - ticks32(last_change[pin]) >= min_press_ticks) {
            report(pin, 0, press_start[pin]);
            return;
        }
        count_glitch();
        if (!released)
            leading_edge(pin, 0, last_change[pin]);
    } else if (released != (flags & PIN_RELEASED)) {
        leading_edge(pin, released, last_change[pin]);
    }
}

/* ---- frames out --------------------------------------------------------- */

#define PAYLOAD_MAX 240
static uint8_t payload[PAYLOAD_MAX] NOINIT;
static uint8_t payload_len;
static uint8_t tx_seq;
static uint8_t tx_buf[PAYLOAD_MAX + 4] NOINIT;
static uint16_t tx_len, tx_pos;

static void put(uint8_t byte)
{
    if (payload_len < PAYLOAD_MAX)
        payload[payload_len++] = byte;
}

static void put_u16(uint16_t value)
{
    put(value);
    put(value >> 8);
}

static void put_stamp(struct stamp s)
{
    put_u16(s.lo);
    put_u16(s.hi);
    put_u16(s.hi >> 16);
}

static void put_text(const char *text)
{
    uint8_t start = payload_len;
    put(0);
    while (*text)
        put(*text++);
    payload[start] = payload_len - start - 1;
}

static void frame_begin(uint8_t type)
{
    payload_len = 0;
    put(tx_seq++);
    put(type);
}

/* CRC the payload, COBS-encode it into tx_buf and end it with the 0x00 delimiter. */
static void frame_end(void)
{
    uint16_t crc = 0xFFFF;
    for (uint8_t i = 0; i < payload_len; i++) {
        crc = _crc_xmodem_update(crc, payload[i]);
    }
    put_u16(crc);
    uint16_t code_at = 0, out = 1;
    uint8_t code = 1;
    for (uint8_t i = 0; i < payload_len; i++) {
        if (payload[i] == 0) {
            tx_buf[code_at] = code;
            code_at = out++;
            code = 1;
            continue;
        }
        tx_buf[out++] = payload[i];
        if (++code == 0xFF) {
            tx_buf[code_at] = code;
            code_at = out++;
            code = 1;
        }
    }
    tx_buf[code_at] = code;
    tx_buf[out++] = 0x00;
    tx_len = out;
    tx_pos = 0;
}

/* ---- frames in ---------------------------------------------------------- */

#define RX_MAX 16
static uint8_t rx_buf[RX_MAX] NOINIT;
static uint8_t rx_len;
static uint8_t rx_overrun;
static uint16_t rx_errors;
static uint8_t hello_pending = 1;
static uint8_t pong_pending;
static uint8_t pong_token[4];
static struct stamp pong_at;

/* COBS-decode rx_buf in place; returns the decoded length, 0 if malformed. */
static uint8_t cobs_decode(void)
{
    uint8_t in = 0, out = 0;
    while (in < rx_len) {
        uint8_t code = rx_buf[in++];
        if (code == 0 || in + code - 1 > rx_len)
            return 0;
        for (uint8_t i = 1; i < code; i++)
            rx_buf[out++] = rx_buf[in++];
        if (code != 0xFF && in < rx_len)
            rx_buf[out++] = 0;
    }
    return out;
}

static void frame_received(struct stamp at)
{
    uint8_t len = rx_overrun ? 0 : cobs_decode();
    rx_len = 0;
    rx_overrun = 0;
    if (len < 4) {
        rx_errors++;
        return;
    }
    uint16_t crc = 0xFFFF;
    for (uint8_t i = 0; i < len - 2; i++)
        crc = _crc_xmodem_update(crc, rx_buf[i]);
    if (crc != (rx_buf[len - 2] | ((uint16_t)rx_buf[len - 1] << 8))) {
        rx_errors++;
        return;
    }
    uint8_t type = rx_buf[1];
    if (type == MSG_HELLO_REQUEST) {
        hello_pending = 1;
    } else if (type == MSG_PING && len == 8) {
        for (uint8_t i = 0; i < 4; i++)
            pong_token[i] = rx_buf[2 + i];
        pong_at = at;
        pong_pending = 1;
    } else {
        rx_errors++;
    }
}

static void rx_service(void)
{
    uint8_t status = UCSR0A;
    if (!(status & _BV(RXC0)))
        return;
    if (status & (_BV(DOR0) | _BV(FE0)))
        rx_overrun = 1;
    uint8_t byte = UDR0;
    if (byte == 0) {
        if (rx_len)
            frame_received(clock_now());
        return;
    }
    if (rx_len < RX_MAX)
        rx_buf[rx_len++] = byte;
    else
        rx_overrun = 1;
}

/* ---- messages ----------------------------------------------------------- */

static uint8_t last_heartbeat; /* overflows_lo when the last heartbeat went out */

static uint8_t filter_pending;
static uint16_t glitches_sent;

static void send_hello(void)
{
    filter_pending = 1;
    frame_begin(MSG_HELLO);
    put(FIRMWARE_VERSION);
    put(TICKS_PER_US);
    put_u16(DEBOUNCE_US);
    put_stamp(clock_now());
    put_text(BOARD_NAME);
    put_text(PIN_NAMES);
    frame_end();
}

static void send_heartbeat(struct stamp now)
{
    frame_begin(MSG_HEARTBEAT);
    put_stamp(now);
    uint8_t raw_lost_now = raw_lost;
    count_lost(raw_lost_now - raw_lost_seen);
    raw_lost_seen = raw_lost_now;
    put_u16(lost);
    put_u16(rx_errors);
    frame_end();
    last_heartbeat = (uint8_t)now.hi;
}

/* The glitch filter's setting and the glitches it dropped: after every HELLO, and
 * after a heartbeat when the count has changed since the last one (so at most
 * one every 98 ms, and never in a heartbeat's place). */
static void send_filter(void)
{
    filter_pending = 0;
    glitches_sent = glitches;
    frame_begin(MSG_FILTER);
    put_u16(MIN_PRESS_US);
    put_u16(glitches_sent);
    frame_end();
}

/* Send one byte if the UART can take it; when a frame is done, build the next. */
static void tx_service(void)
{
    if (tx_pos < tx_len) {
        if (UCSR0A & _BV(UDRE0))
            UDR0 = tx_buf[tx_pos++];
        return;
    }
    if (pong_pending) {
        pong_pending = 0;
        frame_begin(MSG_PONG);
        for (uint8_t i = 0; i < 4; i++)
            put(pong_token[i]);
        put_stamp(pong_at);
        frame_end();
    } else if (hello_pending) {
        hello_pending = 0;
        send_hello();
    } else if (edge_tail != edge_head) {
        struct edge e = edges[edge_tail];
        edge_tail = (edge_tail + 1) & (EDGE_SIZE - 1);
        frame_begin(MSG_EDGE);
        put(e.pin);
        put_stamp(e.at);
        frame_end();
    } else if (filter_pending) {
        send_filter();
    } else if ((uint8_t)(overflows_lo - last_heartbeat) >= HEARTBEAT_OVERFLOWS) {
        send_heartbeat(clock_now());
        if (glitches != glitches_sent)
            filter_pending = 1;
    }
}

/* ---- start -------------------------------------------------------------- */

/* Start Timer1 before the C runtime clears RAM, so ticks count from reset. */
void clock_start(void) __attribute__((naked, used, section(".init3")));
void clock_start(void)
{
    TCCR1A = 0;
    TCCR1B = _BV(CS11); /* F_CPU / 8 */
}

static void pins_init(void)
{
    for (uint8_t s = 0; s < SLOT_COUNT; s++) {
        volatile uint8_t *pin_reg = slots[s].pin_reg;
        /* PINx, DDRx, PORTx are consecutive on every port of both MCUs */
        pin_reg[1] &= ~slots[s].mask; /* input */
        pin_reg[2] |= slots[s].mask;  /* pull-up */
        for (uint8_t bit = 0; bit < 8; bit++) {
            uint8_t pin = slots[s].index[bit];
            if (pin != 0xFF) {
                pin_slot[pin] = s;
                pin_bit[pin] = bit;
            }
        }
    }
    for (volatile uint8_t i = 0; i < 50; i++) /* let the pull-ups charge the lines (~40 us) */
        ;
    for (uint8_t s = 0; s < SLOT_COUNT; s++)
        seen[s] = *slots[s].pin_reg;
    for (uint8_t pin = 0; pin < PIN_COUNT; pin++)
        pin_flags[pin] = (seen[pin_slot[pin]] >> pin_bit[pin]) & 1;
}

int main(void)
{
    overflows_lo = (uint8_t)CLOCK_START;
    raw_tail = 0; /* raw_head is 0 from .bss */
    UCSR0A = _BV(U2X0);
    UBRR0 = BAUD_UBRR;
    UCSR0B = _BV(RXEN0) | _BV(TXEN0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8N1 */
    pins_init();
    interrupts_init();
    sei();
    for (;;) {
        clock_service();
        rx_service();
        snapshot_service();
        lock_service();
        loss_service();
        tx_service();
    }
}
