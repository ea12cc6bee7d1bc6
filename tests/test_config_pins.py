"""Facts about the 40-pin header agree with gpiozero's, and the pin checks hold."""

from gpiozero.pins.mock import MockFactory

from companion.boards import pi_header as pins


def test_the_header_table_agrees_with_gpiozeros_board_data():
    header = MockFactory().board_info.headers["J8"]
    assert {number: info.name for number, info in header.pins.items()} == pins.HEADER


def test_every_bcm_gpio_from_0_to_27_is_on_the_header_once():
    assert pins.GPIOS == tuple(range(28))
    assert all(pins.GPIO_AT[pins.PHYSICAL[g]] == g for g in pins.GPIOS)


def test_gpio_0_and_1_are_refused_as_the_id_eeprom():
    assert "ID EEPROM" in pins.pin_problem(0) and "ID EEPROM" in pins.pin_problem(1)


def test_a_gpio_that_is_not_on_the_header_is_refused():
    assert "no GPIO28" in pins.pin_problem(28)


def test_a_physical_pin_number_given_as_a_gpio_gets_a_hint():
    assert "physical pin 40 is GPIO21" in pins.pin_problem(40)


def test_the_i2c_pins_refuse_pull_down_wiring():
    assert pins.pin_problem(2, pull_up=True) is None
    assert "fixed 1.8 kOhm pull-up" in pins.pin_problem(2, pull_up=False)


def test_a_pin_clashes_only_with_interfaces_that_are_enabled():
    assert pins.interface_clashes(18, set()) == []
    assert pins.interface_clashes(18, {"i2s", "uart"}) == [("i2s", "I2S audio PCM_CLK")]


def test_ground_pins_are_the_eight_gnd_pins():
    assert pins.GROUND_PINS == (6, 9, 14, 20, 25, 30, 34, 39)
