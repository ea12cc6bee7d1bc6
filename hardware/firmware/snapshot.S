/*
 * snapshot.S - the one interrupt routine of the controller: stamp, then read every port.
 *
 * Owns: turning button edges into port snapshots in the ring `raw` (read by
 * controller.c's main loop). Every button interrupt (the Nano's PCINT0-2; the
 * Mega's PCINT0-2 and INT0-5) enters here. The routine reads Timer1 and
 * every button port back to back, first thing; stores the snapshot; and before
 * returning looks at the interrupt flags: if another button changed meanwhile
 * it clears the flags and takes another snapshot at once, without the cost
 * of leaving and re-entering. So a burst across ports is stamped port by port
 * within one short loop, and one timer read covers every port it shows.
 *
 * Written in assembly so every path from an edge to its timer read is a fixed,
 * short number of cycles (hardware/README.md counts them). It uses
 * registers r2-r12, which controller.c is compiled never to touch
 * (-ffixed-r2 ... -ffixed-r12), so it saves only SREG, r30 and r31 (into
 * GPIOR1/2: one cycle each). r3 (low byte of the software overflow count) and
 * r12 (raw_tail) are written by the main loop only.
 *
 * Ring entry (ENTRY bytes; the ring is one 256-byte page, so an entry's
 * offset is one byte and wraps by itself): TCNT1 low, TCNT1 high, TIFR1,
 * overflow count low byte, then the PIN register of each port in
 * PORT_ORDER. raw_head (written on leaving) and raw_tail are offsets; a full
 * ring keeps the snapshot out and counts it in raw_lost.
 */
#include <avr/io.h>

#define IO(reg) _SFR_IO_ADDR(reg)
#define MEM(reg) _SFR_MEM_ADDR(reg)

#define sreg_saved r2
#define overflow_lo r3
#define clock_lo r4
#define scratch r5
#define tail r12

#if defined(__AVR_ATmega328P__)
#define ENTRY 8
/* PORT_ORDER: B, C, D. The clock, then the ports (TCNT1L latches TCNT1H too). */
.macro take_snapshot
    lds clock_lo, MEM(TCNT1L)
    in r6, IO(PINB)
    in r7, IO(PINC)
    in r8, IO(PIND)
.endm
.macro store_ports
    std Z+4, r6
    std Z+5, r7
    std Z+6, r8
.endm
/* the pending flags: clear those seen (writing a one clears a flag); Z set if none */
.macro take_flags
    in scratch, IO(PCIFR)
    out IO(PCIFR), scratch
    tst scratch
.endm
    .global PCINT0_vect, PCINT1_vect, PCINT2_vect
#elif defined(__AVR_ATmega2560__)
#define ENTRY 16
/* PORT_ORDER: B, D, E, J, K. J and K take two cycles each to read, so they
 * come before the clock: the clock then sits within 3 cycles of every port. */
.macro take_snapshot
    lds r9, MEM(PINJ)
    lds r10, MEM(PINK)
    lds clock_lo, MEM(TCNT1L)
    in r6, IO(PINB)
    in r7, IO(PIND)
    in r8, IO(PINE)
.endm
.macro store_ports
    std Z+4, r6
    std Z+5, r7
    std Z+6, r8
    std Z+7, r9
    std Z+8, r10
.endm
.macro take_flags
    in scratch, IO(PCIFR)
    in r11, IO(EIFR)
    out IO(PCIFR), scratch
    out IO(EIFR), r11
    or scratch, r11
.endm
    .global PCINT0_vect, PCINT1_vect, PCINT2_vect
    .global INT0_vect, INT1_vect, INT2_vect, INT3_vect, INT4_vect, INT5_vect
#else
#error "unsupported MCU: build for atmega328p or atmega2560"
#endif

    .section .text.snapshot_isr, "ax", @progbits
#if defined(__AVR_ATmega2560__)
INT0_vect:
INT1_vect:
INT2_vect:
INT3_vect:
INT4_vect:
INT5_vect:
#endif
PCINT0_vect:
PCINT1_vect:
PCINT2_vect:
    take_snapshot               /* first: the stamp */
    in sreg_saved, IO(SREG)
    out IO(GPIOR1), r30
    out IO(GPIOR2), r31
    lds r30, raw_head
    ldi r31, hi8(raw)
store:                          /* clock_lo (and TCNT1H's latch) and the ports: one snapshot */
    lds scratch, MEM(TCNT1H)
    std Z+0, clock_lo
    std Z+1, scratch
    in scratch, IO(TIFR1)       /* read after TCNT1: see stamp_of() in controller.c */
    std Z+2, scratch
    std Z+3, overflow_lo
    store_ports
    subi r30, -ENTRY            /* the next slot; r31 stays on the page */
    cp r30, tail
    breq full
check:
    take_flags
    breq done
    take_snapshot
    rjmp store
full:                           /* keep the snapshot out, count it, keep watching */
    subi r30, ENTRY
    lds scratch, raw_lost
    inc scratch
    sts raw_lost, scratch
    rjmp check
done:
    sts raw_head, r30
    out IO(SREG), sreg_saved
    in r31, IO(GPIOR2)
    in r30, IO(GPIOR1)
    reti
