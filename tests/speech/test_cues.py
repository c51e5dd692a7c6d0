"""Sound cues: the files (length, channels, pan, pitch by row, mono) and the events
a session plays them for, with a recording fake; the ``sounds`` setting (on, off,
mono, stereo) saved."""

from __future__ import annotations

import io
import itertools
import json
import math
import sys
import time
import wave
from array import array
from pathlib import Path

import pytest
from kit import NO_HINT, make_session

from pyramide_a11y.cli.main import main
from pyramide_a11y.commands import parse_command
from pyramide_a11y.commands.syntax import SetSoundChannels
from pyramide_a11y.core.cueing import card_place
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.settings import Settings, StartOptions, read_start
from pyramide_a11y.narration.cues import CueKind, Place, pile_place, place_of
from pyramide_a11y.speech.cue_player import CuePlayer, RecordingCues
from pyramide_a11y.speech.cue_sounds import MAX_SECONDS, PREVIEW, cue_wav
from pyramide_a11y.speech.player import realtime_sink_command
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import load_settings

TESTS = Path(__file__).parent.parent


def channels(wav_data: bytes) -> tuple[wave._wave_params, list[int], list[int]]:
    with wave.open(io.BytesIO(wav_data), "rb") as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(params.nframes))
    return params, list(samples[0::2]), list(samples[1::2])


def energy(samples: list[int]) -> float:
    return math.fsum(s * s for s in samples)


def rms(samples: list[int]) -> float:
    return math.sqrt(energy(samples) / len(samples))


FLOOR = 0.25
"""The least the far ear keeps of a cue at either end of a row (about -12 dB)."""


def dominant_frequency(samples: list[int], rate: int) -> float:
    """Zero crossings per second / 2: enough for one sine tone."""
    crossings = sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))
    return crossings * rate / (2 * len(samples))


# -- the files -------------------------------------------------------------------------


def test_pyramide_sounds_writes_every_cue_short_stereo_16_bit(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["sounds", "--out", str(tmp_path / "cues"), "--lang", "en"], out) == 0
    files = sorted((tmp_path / "cues").glob("*.wav"))
    assert {f.stem for f in files} == {name for name, _, _ in PREVIEW}
    kinds = {kind for _, kind, _ in PREVIEW}
    assert kinds == set(CueKind)
    for file in files:
        params, left, right = channels(file.read_bytes())
        assert params.nchannels == 2
        assert params.sampwidth == 2
        assert params.nframes / params.framerate < MAX_SECONDS
        assert energy(left) + energy(right) > 0
        # Short ramps: no cue starts or ends on a click.
        assert max(abs(left[0]), abs(right[0]), abs(left[-1]), abs(right[-1])) < 300


def test_sons_is_the_portuguese_name(tmp_path: Path) -> None:
    assert main(["sons", "--out", str(tmp_path), "--lang", "pt"], io.StringIO()) == 0
    assert (tmp_path / "win.wav").is_file()


@pytest.mark.parametrize("kind", list(CueKind))
def test_a_left_card_is_louder_on_the_left_and_a_right_card_on_the_right(kind: CueKind) -> None:
    _, left, right = channels(cue_wav(kind, place_of(6, 0)))
    assert energy(left) > 10 * energy(right)
    _, left, right = channels(cue_wav(kind, place_of(6, 6)))
    assert energy(right) > 10 * energy(left)
    _, left, right = channels(cue_wav(kind, place_of(0, 0)))  # the top: the middle
    assert energy(left) == pytest.approx(energy(right), rel=0.01)


def test_equal_power_pan_keeps_the_loudness_across_a_row() -> None:
    totals = []
    for col in range(7):
        _, left, right = channels(cue_wav(CueKind.FOCUS, place_of(6, col)))
        totals.append(energy(left) + energy(right))
    assert max(totals) / min(totals) < 1.02


def test_higher_rows_are_higher_in_pitch() -> None:
    pitches = []
    for row in range(7):
        params, left, right = channels(cue_wav(CueKind.FOCUS, place_of(row, 0)))
        mono = [a + b for a, b in zip(left, right, strict=True)]
        pitches.append(dominant_frequency(mono, params.framerate))
    assert pitches == sorted(pitches, reverse=True)
    assert pitches[0] / pitches[6] == pytest.approx(2 ** (12 / 12), rel=0.08)  # 2 semitones a row
    piles = channels(cue_wav(CueKind.FOCUS, pile_place(True)))
    assert (
        dominant_frequency([a + b for a, b in zip(piles[1], piles[2], strict=True)], 22050)
        < (pitches[6])
    )


@pytest.mark.parametrize("kind", list(CueKind))
@pytest.mark.parametrize("pan", [-1.0, 1.0])
def test_a_cue_at_either_end_of_a_row_is_still_heard_in_the_far_ear(
    kind: CueKind, pan: float
) -> None:
    # One ear or one earbud: the far channel keeps at least the floor of the near one.
    _, left, right = channels(cue_wav(kind, Place(6, pan)))
    near, far = (left, right) if pan < 0 else (right, left)
    assert rms(far) >= FLOOR * rms(near)
    assert rms(far) < 0.5 * rms(near)  # and the side is still plain


def test_a_row_is_heard_in_order_in_both_ears() -> None:
    lefts, rights = [], []
    for col in range(7):
        _, left, right = channels(cue_wav(CueKind.PAIR, place_of(6, col)))
        lefts.append(rms(left))
        rights.append(rms(right))
        assert min(lefts[-1], rights[-1]) >= FLOOR * max(lefts[-1], rights[-1])
    # Each step right: quieter on the left, louder on the right.
    assert all(a > b for a, b in itertools.pairwise(lefts))
    assert all(a < b for a, b in itertools.pairwise(rights))
    assert lefts[3] == pytest.approx(rights[3], rel=0.01)  # the middle card
    assert lefts[0] > lefts[3] and rights[6] > rights[3]


@pytest.mark.parametrize(("name", "kind", "place"), PREVIEW)
def test_a_mono_cue_is_the_same_in_both_ears_the_average_of_the_stereo_one(
    name: str, kind: CueKind, place: Place
) -> None:
    _, left, right = channels(cue_wav(kind, place, mono=True))
    assert left == right
    assert energy(left) > 0
    _, stereo_left, stereo_right = channels(cue_wav(kind, place))
    for mono, a, b in zip(left, stereo_left, stereo_right, strict=True):
        assert abs(mono - (a + b) / 2) <= 1  # rounding only


def test_pyramide_sounds_mono_writes_mono_files(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["sounds", "--out", str(tmp_path), "--mono", "--lang", "en"], out) == 0
    for name, _, _ in PREVIEW:
        params, left, right = channels((tmp_path / f"{name}.wav").read_bytes())
        assert params.nchannels == 2
        assert left == right


# -- a session ---------------------------------------------------------------------------


def session(code: str = "PY1-N-AAAAAAS", **settings: object) -> tuple[Session, RecordingCues]:
    cues = RecordingCues()
    s = make_session(
        code,
        settings=Settings(language="en", **settings),  # type: ignore[arg-type]
        hint_finder=NO_HINT,
        cues=cues,
    )
    return s, cues


def test_a_session_plays_pair_king_draw_refusal_and_win_where_the_cards_were() -> None:
    won = json.loads((TESTS / "data" / "won_deals.json").read_text(encoding="utf-8"))["pyramide"]
    s, cues = session(won["code"])
    s.handle("KC")
    kind, place = cues.played[-1]
    assert kind is CueKind.KING
    pyramid = s.game.layout.pyramid
    from pyramide_a11y.engine import Card
    from pyramide_a11y.engine.geometry import ROW_COL

    row, col = ROW_COL[pyramid.index(Card.parse("KC"))]
    assert place == place_of(row, col)
    s.handle("draw")
    assert cues.played[-1] == (CueKind.DRAW, pile_place(False))
    s.handle("9D 9S")  # no pair: a refusal
    assert cues.kinds[-1] is CueKind.REFUSAL
    count = len(cues.played)
    s.handle("pairs")  # a question: no cue
    assert len(cues.played) == count
    s, cues = session(won["code"])
    for move in won["moves"]:
        s.handle(move.replace("+", " "))
    assert CueKind.PAIR in cues.kinds
    assert CueKind.RECYCLE in cues.kinds
    assert cues.kinds[-1] is CueKind.WIN
    assert s.game.won


def test_a_refusal_with_error_help_named_still_plays_the_refusal() -> None:
    s, cues = session()
    s.handle("5D 8C")  # 5D is covered? whatever the reason, a refusal
    assert cues.kinds and cues.kinds[-1] is CueKind.REFUSAL


def test_hint_ready_and_focus_play_their_cues() -> None:
    s, cues = session()
    s.handle("hint")
    assert cues.kinds[-1] is CueKind.HINT
    s.keyboard.move_focus(Direction.RIGHT)
    kind, place = cues.played[-1]
    assert kind is CueKind.FOCUS
    assert place == card_place(s.game, s.focus.focused(s.game))


def test_sounds_off_plays_nothing_and_on_again_plays(tmp_path: Path) -> None:
    s, cues = session()
    assert s.handle("sounds off").lines == ["Sounds off."]
    s.handle("draw")
    assert cues.played == []
    assert s.handle("sounds on").lines == ["Sounds on."]
    s.handle("draw")
    assert cues.kinds == [CueKind.DRAW]
    assert s.handle("sounds maybe").lines == [
        "Type sounds on, sounds off, sounds mono or sounds stereo."
    ]


def test_sons_nao_in_portuguese() -> None:
    s, _ = session()
    s.handle("lang pt")
    assert s.handle("sons não").lines == ["Sons desligados."]
    assert not s.settings.sounds


def test_a_player_that_fails_turns_cues_off_and_says_so_once() -> None:
    s, cues = session()
    cues.problem = "aplay"
    answer = s.handle("draw")
    assert any("aplay" in line for line in answer.notices)  # news of its own, after
    assert not any("aplay" in line for line in answer.lines)
    assert not any("aplay" in line for line in s.handle("draw").printed)


def _stored_session(folder: Path) -> Session:
    """A session whose settings are saved in ``folder``, its cues recorded."""
    from pyramide_a11y.core.autosave import GameStorage

    return make_session(
        "PY1-N-AAAAAAS", storage=GameStorage.open(folder), hint_finder=NO_HINT, cues=RecordingCues()
    )


def test_the_sounds_setting_is_saved(tmp_path: Path) -> None:
    s = _stored_session(tmp_path)
    s.handle("sounds off")
    s.close()
    store, _ = Store.open(tmp_path)
    assert load_settings(store)["sounds"] is False
    assert store is not None
    store.close()


def test_sounds_mono_says_so_and_the_next_cue_is_mono_until_sounds_stereo() -> None:
    s, cues = session(sounds=False)
    assert s.handle("sounds mono").lines == ["Sounds on, in mono: every cue in both ears."]
    assert s.settings.sounds and s.settings.sounds_mono
    s.handle("draw")
    assert cues.kinds == [CueKind.DRAW]
    _, left, right = channels(cues.wav())
    assert left == right
    assert s.handle("sounds off").lines == ["Sounds off."]
    s.handle("draw")
    assert len(cues.played) == 1
    assert s.handle("sounds on").lines == ["Sounds on."]  # still mono
    s.handle("draw")
    assert cues.monos == [True, True]
    answer = s.handle("sounds stereo")
    assert answer.lines == ["Sounds on, in stereo: each cue on its card's side."]
    s.handle("draw")  # at the stock, a little left
    _, left, right = channels(cues.wav())
    assert cues.monos[-1] is False
    assert energy(left) > energy(right)


@pytest.mark.parametrize(
    ("typed", "mono"), [("sons mono", True), ("sons estéreo", False), ("sons estereo", False)]
)
def test_sons_mono_and_sons_estereo_in_portuguese(typed: str, mono: bool) -> None:
    assert parse_command(typed, "pt_PT") == SetSoundChannels(mono)
    assert parse_command(typed.replace("sons", "sounds"), "en") == SetSoundChannels(mono)


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR"])
def test_sons_mono_answers_in_portuguese(language: str) -> None:
    s, _ = session()
    s.handle("lang " + ("br" if language == "pt_BR" else "pt"))
    assert s.handle("sons mono").lines == ["Sons ligados, em mono: cada som nos dois ouvidos."]
    assert s.handle("sons estéreo").lines == [
        "Sons ligados, em estéreo: cada som do lado da sua carta."
    ]
    word = "Escreva" if language == "pt_PT" else "Digite"
    assert s.handle("sons alto").lines == [f"{word} sons sim, sons não, sons mono ou sons estéreo."]


def test_a_bad_sounds_value_is_refused_in_one_sentence_and_changes_nothing() -> None:
    s, cues = session()
    before = s.settings.stored()
    answer = s.handle("sounds loud")
    assert answer.lines == ["Type sounds on, sounds off, sounds mono or sounds stereo."]
    assert s.settings.stored() == before
    s.handle("draw")
    assert cues.monos == [False]


def test_sounds_mono_survives_a_restart(tmp_path: Path) -> None:
    s = _stored_session(tmp_path)
    s.handle("sounds mono")
    s.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    saved = load_settings(store)
    store.close()
    assert saved["sounds_mono"] is True
    # The next start: the saved settings fill the options, the options the settings.
    settings = read_start(StartOptions(lang="en"), saved).settings(True)
    assert settings.sounds_mono
    cues = RecordingCues()
    again = make_session("PY1-N-AAAAAAS", settings=settings, hint_finder=NO_HINT, cues=cues)
    again.handle("draw")
    assert cues.monos == [True]


# -- the real player ---------------------------------------------------------------------


def test_the_cue_player_plays_through_the_audio_player_and_reports_a_failure(
    tmp_path: Path,
) -> None:
    log = tmp_path / "sink.log"
    player = CuePlayer(realtime_sink_command(log))
    try:
        player.play(CueKind.PAIR, place_of(6, 0))
        for _ in range(200):
            if log.exists() and "end" in log.read_text():
                break
            import time

            time.sleep(0.02)
        seconds = float(log.read_text().split("end")[1].split()[2])
        assert 0.05 < seconds < MAX_SECONDS
        assert player.take_problem() is None
    finally:
        player.close()
    broken = CuePlayer(["false"])
    try:
        broken.play(CueKind.DRAW, pile_place(False))
        import time

        for _ in range(200):
            problem = broken.take_problem()
            if problem:
                break
            time.sleep(0.02)
        assert problem == "false"
    finally:
        broken.close()


def test_the_cue_player_plays_a_mono_cue_with_both_channels_the_same(tmp_path: Path) -> None:
    heard = tmp_path / "heard.wav"
    # A player that keeps what it is given: the WAV arrives on its standard input.
    keep = f"import sys; open({str(heard)!r}, 'wb').write(sys.stdin.buffer.read())"
    player = CuePlayer([sys.executable, "-I", "-S", "-c", keep])
    expected = cue_wav(CueKind.PAIR, place_of(6, 0), mono=True)
    try:
        player.play(CueKind.PAIR, place_of(6, 0), mono=True)
        for _ in range(250):  # until the whole file is there
            if heard.exists() and heard.stat().st_size >= len(expected):
                break
            time.sleep(0.02)
        assert heard.read_bytes() == expected
        _, left, right = channels(expected)
        assert left == right and energy(left) > 0
        assert player.take_problem() is None
    finally:
        player.close()
