"""Stored JSON's shape check: a value passes exactly when nothing in it is wrong, and the quick
pass (:func:`fits`) agrees with the search that names the first wrong value, whatever the shape."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.storage.shapes import Each, MayLack, OrNone, _problem, fits, shape_problem

PLAIN = st.sampled_from([str, int, float, bool])
NAMES = st.text("abc", min_size=1, max_size=2)
SHAPES = st.recursive(
    PLAIN,
    lambda inner: st.one_of(
        inner.map(lambda shape: [shape]),
        st.dictionaries(NAMES, st.one_of(inner, inner.map(MayLack)), max_size=3),
        inner.map(OrNone),
        inner.map(Each)),
    max_leaves=6)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=2),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES, inner, max_size=3),
    max_leaves=6)


def fitting(shape: object) -> st.SearchStrategy:
    """Values of ``shape``, now and then with a wrong value somewhere inside."""
    if shape in (str, int, float, bool):
        right = {str: st.text(max_size=2), int: st.integers(), bool: st.booleans(),
                 float: st.integers() | st.floats(allow_nan=False)}[shape]
        return right | JSON
    if isinstance(shape, list):
        return st.lists(fitting(shape[0]), max_size=3)
    if isinstance(shape, OrNone):
        return st.none() | fitting(shape.shape)
    if isinstance(shape, Each):
        return st.dictionaries(NAMES, fitting(shape.value), max_size=3)
    assert isinstance(shape, dict)
    fields = {name: (fitting(inner.shape) if isinstance(inner, MayLack) else fitting(inner))
              for name, inner in shape.items()}
    return st.fixed_dictionaries({}, optional=fields) | st.fixed_dictionaries(
        {name: field for name, field in fields.items()
         if not isinstance(shape[name], MayLack)})


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_value_fits_its_shape_exactly_when_no_wrong_value_is_found_in_it(data):
    shape = data.draw(SHAPES)
    value = data.draw(fitting(shape))
    found = _problem(value, shape, "")
    assert fits(value, shape) == (found is None)
    assert shape_problem(value, shape) == found


def test_the_first_wrong_value_is_named_by_its_path():
    shape = {"taps": [{"t_us": int}], "up": MayLack(str)}
    assert shape_problem({"taps": [{"t_us": 1}, {"t_us": "2"}]}, shape) == \
        "taps[1].t_us is not a whole number"
    assert shape_problem({"taps": [], "up": 3}, shape) == "up is not text"
    assert shape_problem({"taps": [{"t_us": True}]}, shape) == "taps[0].t_us is not a whole number"
    assert shape_problem({"taps": []}, shape) is None
