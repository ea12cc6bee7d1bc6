/*
 * snapshot.S - the one interrupt routine of the controller: stamp, then read every port.
 *
 * Owns: turning button edges into port snapshots in the ring `raw` (read by
 * controller.c's main loop). Every button interrupt (the Nano's PCINT0-2; the
 * Mega's PCINT0-2 and INT0-5) enters here. The routine reads Timer1 first,
 * then every button port back to back, stores the snapshot, and before
 * returning looks at the interrupt flags: if another button changed meanwhile
 * it clears the flags and takes another snapshot at once, without the cost
 * of leaving and re-entering. So a burst across ports is stamped port by port
 * within one short loop, and one timer read covers every port it shows.
 *
 * Written in assembly so the path from an edge to its timer read is a fixed,
 * short number of cycles (see hardware/README.md for the bound). It uses
 * registers r2-r11, which controller.c is compiled never to touch
 * (-ffixed-r2 ... -ffixed-r11), so it saves only SREG, r30 and r31 (into
 * GPIOR1/2: one cycle each). r3 is the low byte of the software overflow
 * count, kept by the main loop.
 *
 * Ring entry (ENTRY bytes, the ring is one 256-byte page, so an entry's
 * offset is one byte and wraps by itself): TCNT1 low, TCNT1 high, TIFR1,
 * overflow count low byte, then the PIN register of each port in
 * PORT_ORDER. raw_head and raw_tail are offsets; a full ring keeps the
 * snapshot out and counts it in raw_lost.
 */
#include <avr/io.h>

#define IO(reg) _SFR_IO_ADDR(reg)
#define MEM(reg) _SFR_MEM_ADDR(reg)

#define sreg_saved r2
#define overflow_lo r3
#define clock_lo r4
#define scratch r5

#if defined(__AVR_ATmega328P__)
#define ENTRY 8
/* PORT_ORDER: B, C, D */
.macro read_ports
    in r6, IO(PINB)
    in r7, IO(PINC)
    in r8, IO(PIND)
.endm
.macro store_ports
    st Z+, r6
    st Z+, r7
    st Z+, r8
.endm
#define PORTS 3
/* scratch: the pending flags; clear those seen (writing a one clears a flag) */
.macro take_flags
    in scratch, IO(PCIFR)
    out IO(PCIFR), scratch
    tst scratch
.endm
    .global PCINT0_vect, PCINT1_vect, PCINT2_vect
#elif defined(__AVR_ATmega2560__)
#define ENTRY 16
/* PORT_ORDER: B, D, E, J, K */
.macro read_ports
    in r6, IO(PINB)
    in r7, IO(PIND)
    in r8, IO(PINE)
    lds r9, MEM(PINJ)
    lds r10, MEM(PINK)
.endm
.macro store_ports
    st Z+, r6
    st Z+, r7
    st Z+, r8
    st Z+, r9
    st Z+, r10
.endm
#define PORTS 5
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
    lds clock_lo, MEM(TCNT1L)   /* the stamp first: latches TCNT1H as well */
    read_ports
    in sreg_saved, IO(SREG)
    out IO(GPIOR1), r30
    out IO(GPIOR2), r31
    lds r30, raw_head
store:
    ldi r31, hi8(raw)
    lds scratch, MEM(TCNT1H)
    st Z+, clock_lo
    st Z+, scratch
    in scratch, IO(TIFR1)       /* read after TCNT1: see stamp_of() in controller.c */
    st Z+, scratch
    st Z+, overflow_lo
    store_ports
    adiw r30, ENTRY - 4 - PORTS
    lds scratch, raw_tail
    cp r30, scratch
    breq full
    sts raw_head, r30
check:
    take_flags
    breq done
    lds clock_lo, MEM(TCNT1L)
    read_ports
    rjmp store
full:                           /* keep the snapshot out, count it, keep watching */
    lds r30, raw_head
    lds scratch, raw_lost
    inc scratch
    sts raw_lost, scratch
    rjmp check
done:
    out IO(SREG), sreg_saved
    in r31, IO(GPIOR2)
    in r30, IO(GPIOR1)
    reti
