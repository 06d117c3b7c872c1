"""The `cars` console program (CARS-1..5), driven through stdin/stdout like a person at a terminal.

The menu (Sources/CarsConsole/CarsMenu.swift): 1 add, 2 list all, 3 list by body, 4 edit (issue 50),
0 quit; the body
is picked by its number in `Body.allCases` order (1 Sedan … 6 SUV …); year and number may be
skipped with an empty answer. Prompts end with a space and no newline, so with piped stdin the
next output follows a prompt on the same line.
"""

from __future__ import annotations

import datetime
import json
import subprocess
from pathlib import Path

import pytest

from helpers import REPO, car_lines, env_path, plural, text

CARS_BIN = env_path("APPDECK_CARS_BIN", REPO / ".build" / "debug" / "cars")
BODIES = ["sedan", "hatchback", "wagon", "coupe", "convertible", "suv", "minivan", "pickup"]
TIMEOUT = 30


def run_cars(data_dir: Path, *arguments: str, stdin: str = "", lang: str = "en") -> subprocess.CompletedProcess:
    assert CARS_BIN.is_file(), f"{CARS_BIN} is missing: run `swift build` first (or set APPDECK_CARS_BIN)"
    return subprocess.run(
        [str(CARS_BIN), *arguments, "--lang", lang, "--data-dir", str(data_dir)],
        input=stdin.encode("utf-8"), capture_output=True, timeout=TIMEOUT,
        env={"PATH": "/usr/bin:/bin", "HOME": str(data_dir), "LANG": "C.UTF-8"})


def lines_of(result: subprocess.CompletedProcess) -> list[str]:
    return result.stdout.decode("utf-8").split("\n")


def contains_block(lines: list[str], block: list[str]) -> bool:
    return any(lines[i:i + len(block)] == block for i in range(len(lines) - len(block) + 1))


def menu_prompt(lang: str = "en") -> str:
    return text(lang, "cars.console.menu.prompt", min=0, max=4) + " "


def body_number(body: str) -> str:
    return str(BODIES.index(body) + 1)


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "cars-data"


def test_scripted_menu_session(data_dir):
    next_year = datetime.date.today().year + 1
    session = "\n".join([
        "9",                      # not a choice: refused, asked again
        "1",                      # add
        "Toyota", "Camry", body_number("sedan"),
        "1700",                   # out of range: refused, asked again
        "2015", "A123BC",
        "1",                      # add another: SUV, no year, no number
        "Lada", "Niva", body_number("suv"), "", "",
        "2",                      # list all
        "3", body_number("suv"),  # filter by SUV
        "3", body_number("pickup"),  # filter by a body nobody has
        "0",                      # quit
    ]) + "\n"
    result = run_cars(data_dir, stdin=session)
    assert result.returncode == 0, result.stderr.decode()
    out = lines_of(result)
    prompt = menu_prompt()

    # The menu of CARS-1, in order, quit last.
    menu = [text("en", "cars.console.menu.title"),
            "1. " + text("en", "cars.console.menu.add"),
            "2. " + text("en", "cars.console.menu.list"),
            "3. " + text("en", "cars.console.menu.filter"),
            "4. " + text("en", "cars.console.menu.edit"),
            "0. " + text("en", "cars.console.menu.quit")]
    assert out[:6] == menu
    assert out[:6] == ["Cars", "1. Add a car", "2. List all cars", "3. List cars by body type", "4. Edit a car", "0. Quit"]

    # Bad choice: a clear message and the same question again.
    assert out[6] == prompt + text("en", "cars.console.invalidChoice", min=0, max=4)
    assert out[7] == prompt  # answered 1; the add screen starts on the next line

    # Bodies as a numbered list.
    bodies = [text("en", "cars.console.bodies")] + [f"{i}. {text('en', f'cars.body.{b}')}" for i, b in enumerate(BODIES, 1)]
    assert contains_block(out, bodies)

    # Bad year: the rule's message, then the same question. (Answers are not echoed, so each
    # prompt is followed on its line by the next prompt or message.)
    body_prompt = text("en", "cars.console.prompt.body", min=1, max=8) + " "
    year_prompt = text("en", "cars.console.prompt.yearOfIssue") + " "
    number_prompt = text("en", "cars.console.prompt.carNumber") + " "
    assert body_prompt + year_prompt + text("en", "cars.error.yearRange", min=1886, max=next_year) in out

    # The added cars, each as its exact CARS-3/4 lines.
    done = text("en", "cars.console.add.done")
    toyota = car_lines("en", "Toyota", "Camry", "sedan", 2015, "A123BC")
    lada = car_lines("en", "Lada", "Niva", "suv")
    assert contains_block(out, [year_prompt + number_prompt + done] + toyota)
    assert contains_block(out, [body_prompt + year_prompt + number_prompt + done] + lada)
    assert toyota == ["Manufacturer: Toyota", "Model: Camry", "Body: Sedan", "Year of issue: 2015", "Car number: A123BC"]
    assert lada == ["Manufacturer: Lada", "Model: Niva", "Body: SUV", "Year of issue: -"]

    # List all: the count, then each car after a blank line.
    assert contains_block(out, [prompt, plural("en", "cars.list.count", 2), ""] + toyota + [""] + lada)
    # Filter by SUV: only the Lada.
    filtered = [plural("en", "cars.list.count", 1), ""] + lada + [""]
    assert contains_block(out, filtered)
    assert plural("en", "cars.list.count", 1) == "1 car:"
    # A body nobody has.
    assert text("en", "cars.list.emptyForBody", body=text("en", "cars.body.pickup")) in out

    # Quit says goodbye and ends.
    assert out[-2:] == [prompt + text("en", "cars.console.goodbye"), ""]

    # The cars persist into another run.
    listed = run_cars(data_dir, "list", "--json")
    assert listed.returncode == 0, listed.stderr.decode()
    cars = json.loads(listed.stdout)
    assert [{k: c[k] for k in ("manufacturer", "model", "body", "yearOfIssue", "carNumber")} for c in cars] == [
        {"manufacturer": "Toyota", "model": "Camry", "body": "sedan", "yearOfIssue": 2015, "carNumber": "A123BC"},
        {"manufacturer": "Lada", "model": "Niva", "body": "suv", "yearOfIssue": None, "carNumber": None},
    ]
    assert all(isinstance(c["id"], int) for c in cars)

    # And the plain listing, filtered, in Russian.
    russian = run_cars(data_dir, "list", "--body", "suv", lang="ru")
    assert russian.returncode == 0, russian.stderr.decode()
    assert lines_of(russian) == car_lines("ru", "Lada", "Niva", "suv") + [""]
    assert lines_of(russian)[0] == "Производитель: Lada"


def test_end_of_input_in_the_middle_exits_cleanly(data_dir):
    # Input ends while the add screen waits for the body: no loop, no crash, exit 0, nothing saved.
    result = run_cars(data_dir, stdin="1\nToyota\nCamry\n")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stderr.decode() == ""
    out = result.stdout.decode("utf-8")
    assert out.endswith(text("en", "cars.console.prompt.body", min=1, max=8) + " \n")
    assert out.count(text("en", "cars.console.prompt.body", min=1, max=8)) == 1, "asked again after EOF"
    listed = run_cars(data_dir, "list", "--json")
    assert listed.returncode == 0 and json.loads(listed.stdout) == []

    # Input ending at the menu itself, or no input at all, ends just as quietly.
    for stdin in ("", "2\n"):
        result = run_cars(data_dir, stdin=stdin)
        assert result.returncode == 0, result.stderr.decode()
        assert result.stdout.decode("utf-8").endswith(menu_prompt() + "\n")


def test_scriptable_add_and_list(data_dir):
    added = run_cars(data_dir, "add", "--manufacturer", "Toyota", "--model", "Camry", "--body", "sedan",
                     "--year", "2015", "--number", "A123BC")
    assert added.returncode == 0, added.stderr.decode()
    assert lines_of(added)[0] == text("en", "cars.cli.added", id=json.loads(
        run_cars(data_dir, "list", "--json").stdout)[0]["id"])
    assert run_cars(data_dir, "add", "--manufacturer", "Lada", "--model", "Niva", "--body", "suv").returncode == 0

    refused = run_cars(data_dir, "add", "--manufacturer", "Ford", "--model", "T", "--body", "sedan", "--year", "1700")
    assert refused.returncode == 1
    assert text("en", "cars.error.yearRange", min=1886, max=datetime.date.today().year + 1) in refused.stderr.decode()

    plain = run_cars(data_dir, "list")
    assert lines_of(plain) == car_lines("en", "Toyota", "Camry", "sedan", 2015, "A123BC") + [""] + \
        car_lines("en", "Lada", "Niva", "suv") + [""]
    suv = json.loads(run_cars(data_dir, "list", "--body", "suv", "--json").stdout)
    assert [c["model"] for c in suv] == ["Niva"]

    # The menu of a later run sees the scripted cars.
    menu = run_cars(data_dir, stdin="2\n0\n")
    assert menu.returncode == 0
    assert contains_block(lines_of(menu), [plural("en", "cars.list.count", 2), ""]
                          + car_lines("en", "Toyota", "Camry", "sedan", 2015, "A123BC"))


@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
def test_edit_a_car_from_the_menu(data_dir, lang):
    """Issue 50: "4. Edit a car" picks a car by number, asks each field with its current value (an
    empty answer keeps it, `-` clears an optional one), refuses what adding refuses with the same
    message, and saves the car in place."""
    next_year = datetime.date.today().year + 1
    assert run_cars(data_dir, "add", "--manufacturer", "Toyota", "--model", "Camry", "--body", "sedan",
                    "--year", "2015", "--number", "A123BC").returncode == 0
    assert run_cars(data_dir, "add", "--manufacturer", "Lada", "--model", "Niva", "--body", "suv").returncode == 0
    session = "\n".join([
        "4", "3", "1",                # edit; no third car: refused; the Toyota
        "", "Camry Hybrid",           # keep the manufacturer, a new model
        body_number("wagon"),
        "1700", "-",                  # out of range: the add rule's message; then cleared
        "",                           # keep the number
        "0",
    ]) + "\n"
    result = run_cars(data_dir, stdin=session, lang=lang)
    assert result.returncode == 0, result.stderr.decode()
    out = result.stdout.decode("utf-8")
    assert "4. " + text(lang, "cars.console.menu.edit") in out
    assert text(lang, "cars.console.edit.title") + "\n1. Toyota Camry\n2. Lada Niva\n" in out
    choose = text(lang, "cars.console.edit.choose", min=1, max=2) + " "
    assert choose + text(lang, "cars.console.invalidChoice", min=1, max=2) + "\n" + choose in out
    year_prompt = text(lang, "cars.console.edit.keepOptional", field=text(lang, "cars.field.yearOfIssue"), current=2015) + " "
    assert year_prompt + text(lang, "cars.error.yearRange", min=1886, max=next_year) + "\n" + year_prompt in out
    number_prompt = text(lang, "cars.console.edit.keepOptional", field=text(lang, "cars.field.carNumber"), current="A123BC") + " "
    saved = "\n".join([number_prompt + text(lang, "cars.console.edit.done")]
                      + car_lines(lang, "Toyota", "Camry Hybrid", "wagon", None, "A123BC"))
    assert saved in out
    if lang == "ru":
        assert "Госномер [A123BC]" in out and "Гос номер" not in out
    cars = json.loads(run_cars(data_dir, "list", "--json").stdout)
    assert [{k: c[k] for k in ("manufacturer", "model", "body", "yearOfIssue", "carNumber")} for c in cars] == [
        {"manufacturer": "Toyota", "model": "Camry Hybrid", "body": "wagon", "yearOfIssue": None, "carNumber": "A123BC"},
        {"manufacturer": "Lada", "model": "Niva", "body": "suv", "yearOfIssue": None, "carNumber": None},
    ]
