"""Match equity table: Kazaross-XG2 values quoted in ../shared/FORMATS.md."""

import pytest

from bgwidget.ai.met import match_winning_chance as mwc


@pytest.mark.parametrize(
    "away, opponent_away, expected",
    [
        ((1, 2), None, 0.6774),
        ((3, 2), None, 0.4005),  # FORMATS.md: 2a-3a 40.05% for the trailer
        ((5, 3), None, 0.3521),  # 3a-5a 35.21% for the trailer
        ((5, 5), None, 0.5),
        ((7, 4), None, 0.3008),
    ],
)
def test_pre_crawford_values(away, opponent_away, expected):
    assert mwc(*away) == pytest.approx(expected, abs=1e-4)
    assert mwc(away[1], away[0]) == pytest.approx(1 - expected, abs=1e-4)


def test_post_crawford_values():
    assert mwc(2, 1, post_crawford=True) == pytest.approx(0.4880, abs=1e-4)
    assert mwc(3, 1, post_crawford=True) == pytest.approx(0.3226, abs=1e-4)
    assert mwc(1, 3, post_crawford=True) == pytest.approx(1 - 0.3226, abs=1e-4)


def test_won_and_clamped():
    assert mwc(0, 3) == 1.0 and mwc(-2, 3) == 1.0 and mwc(3, 0) == 0.0
    assert mwc(40, 40) == 0.5
    with pytest.raises(ValueError):
        mwc(0, 0)
