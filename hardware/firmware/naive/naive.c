/*
 * naive.c - the baseline: how DIY quiz buzzers are usually written.
 *
 * Owns nothing the product uses; it exists to be measured against controller.c
 * under the same stimuli. It does what an Arduino sketch does, written out in
 * avr-libc: micros() from Timer0 (prescaler 64, overflow interrupt, 4 us
 * steps), pins read one at a time through program-memory lookup tables (like
 * digitalRead), and on every change a text line "PIN LEVEL MICROS\n" printed
 * through a 64-byte interrupt-driven buffer at 115200 baud (like Serial.print,
 * which waits when the buffer is full). No debounce, no framing, no CRC.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <stdint.h>

#include "pins.h" /* generated from companion/boards/avr.py */

/* ---- micros(), as the Arduino core computes it ---- */

static volatile uint32_t timer0_overflows;

ISR(TIMER0_OVF_vect) { timer0_overflows++; }

static uint32_t micros(void)
{
    uint8_t sreg = SREG;
    cli();
    uint32_t m = timer0_overflows;
    uint8_t t = TCNT0;
    if ((TIFR0 & _BV(TOV0)) && t < 255)
        m++;
    SREG = sreg;
    return ((m << 8) + t) * (64 / (F_CPU / 1000000UL));
}

/* ---- pins, looked up per read like digitalRead ---- */

#if defined(__AVR_ATmega328P__)
#define PORT_LIST X(B) X(C) X(D)
#else
#define PORT_LIST X(B) X(D) X(E) X(J) X(K)
#endif

#define X(p) PORT_##p##_SLOT,
enum { PORT_LIST PORT_SLOTS };
#undef X
#define X(p) (uint16_t)&PIN##p,
static const uint16_t port_input[] PROGMEM = {PORT_LIST};
#undef X
#define X(p) (uint16_t)&PORT##p,
static const uint16_t port_output[] PROGMEM = {PORT_LIST};
#undef X
#define X(p) PORT_##p##_MASK,
static const uint8_t port_mask[] PROGMEM = {PORT_LIST};
#undef X
#define X(p) PORT_##p##_INDEX,
static const uint8_t port_index[][8] PROGMEM = {PORT_LIST};
#undef X

static uint8_t pin_port[PIN_COUNT], pin_mask[PIN_COUNT];
static const char pin_names[] = PIN_NAMES;
static uint8_t name_start[PIN_COUNT];

static uint8_t digital_read(uint8_t pin)
{
    uint8_t port = pin_port[pin];
    volatile uint8_t *in = (volatile uint8_t *)pgm_read_word(&port_input[port]);
    return (*in & pin_mask[pin]) ? 1 : 0;
}

/* ---- Serial.print at 115200 baud ---- */

#define TX_SIZE 64
static volatile uint8_t tx_buf[TX_SIZE];
static volatile uint8_t tx_head, tx_tail;

#ifdef USART_UDRE_vect
ISR(USART_UDRE_vect)
#else
ISR(USART0_UDRE_vect)
#endif
{
    if (tx_head == tx_tail) {
        UCSR0B &= ~_BV(UDRIE0);
        return;
    }
    UDR0 = tx_buf[tx_tail];
    tx_tail = (tx_tail + 1) & (TX_SIZE - 1);
}

static void serial_write(char c)
{
    uint8_t next = (tx_head + 1) & (TX_SIZE - 1);
    while (next == tx_tail) /* buffer full: wait, as Serial.write does */
        ;
    tx_buf[tx_head] = c;
    tx_head = next;
    UCSR0B |= _BV(UDRIE0);
}

static void print_number(uint32_t value)
{
    char digits[10];
    uint8_t n = 0;
    do {
        digits[n++] = '0' + value % 10;
        value /= 10;
    } while (value);
    while (n)
        serial_write(digits[--n]);
}

static void print_change(uint8_t pin, uint8_t level, uint32_t at)
{
    for (const char *c = pin_names + name_start[pin]; *c && *c != ','; c++)
        serial_write(*c);
    serial_write(' ');
    serial_write('0' + level);
    serial_write(' ');
    print_number(at);
    serial_write('\n');
}

/* ---- setup() and loop() ---- */

static uint8_t last[PIN_COUNT];

int main(void)
{
    TCCR0A = 0;
    TCCR0B = _BV(CS01) | _BV(CS00); /* F_CPU / 64 */
    TIMSK0 = _BV(TOIE0);
    UCSR0A = _BV(U2X0);
    UBRR0 = 16; /* 115200 baud (117647 real), as the Arduino core sets it */
    UCSR0B = _BV(TXEN0);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    for (uint8_t port = 0; port < PORT_SLOTS; port++) {
        uint8_t mask = pgm_read_byte(&port_mask[port]);
        *(volatile uint8_t *)pgm_read_word(&port_output[port]) |= mask; /* INPUT_PULLUP */
        for (uint8_t bit = 0; bit < 8; bit++) {
            uint8_t pin = pgm_read_byte(&port_index[port][bit]);
            if (pin != 0xFF) {
                pin_port[pin] = port;
                pin_mask[pin] = _BV(bit);
            }
        }
    }
    for (uint8_t pin = 0, i = 0; pin < PIN_COUNT; pin++) {
        name_start[pin] = i;
        while (pin_names[i] && pin_names[i] != ',')
            i++;
        i++;
    }
    sei();
    for (uint8_t pin = 0; pin < PIN_COUNT; pin++)
        last[pin] = digital_read(pin);
    for (;;) {
        for (uint8_t pin = 0; pin < PIN_COUNT; pin++) {
            uint8_t level = digital_read(pin);
            if (level != last[pin]) {
                last[pin] = level;
                print_change(pin, level, micros());
            }
        }
    }
}
