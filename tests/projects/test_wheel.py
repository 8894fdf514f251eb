"""From a wheel, outside the repository: a designer starts a project and works on it.

The wheel is built from this checkout and installed into a fresh virtual
environment without its dependencies (they are reached through a ``.pth``
line pointing at the test environment's site-packages; ``.pth`` files found
there are not run, so the development install of Gaslight stays out of
reach). Everything the tool reads must therefore come from inside the wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def gaslight_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("wheel")
    # Built from the checkout's own files (as a fresh clone has them), with a result cache planted where a designer's
    # check in the showcase leaves one: the cache must not ship.
    checkout = root / "checkout"
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (REPO / name).is_file():
            (checkout / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, checkout / name)
    planted = checkout / "scenarios" / ".gaslight-cache"
    planted.mkdir()
    (planted / "board-0.json").write_text("{}", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(checkout), "--no-deps", "-q", "-w", str(root / "dist")],
                   check=True, capture_output=True)
    (wheel,) = (root / "dist").glob("gaslight_tabletop-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "gaslight/_data/schemas/board.schema.json" in names and "gaslight/_data/site/engine/hunt/hunt.js" in names
    assert "gaslight/_data/mkdocs.yml" in names and "gaslight/_data/scenarios/gaslight.yaml" in names
    assert not any(n.startswith("toolkit/") for n in names)
    assert [n for n in names if ".gaslight-cache" in n] == []
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    target = Path(subprocess.run([str(venv / "bin" / "python"), "-c", where],
                                 capture_output=True, text=True, check=True).stdout.strip())
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "--no-deps",
                    "--no-index", "-q", str(wheel)], check=True, capture_output=True)
    (target / "test_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return venv / "bin"


def gaslight(bin_dir: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(bin_dir / "gaslight"), *argv], cwd=cwd, capture_output=True, text=True, env=env,
                          check=False, timeout=600)


def test_the_installed_package_is_the_wheels(gaslight_bin, tmp_path):
    done = subprocess.run([str(gaslight_bin / "python"), "-c", "import gaslight.resources as r; print(r.DATA_ROOT)"],
                          cwd=tmp_path, capture_output=True, text=True, check=True)
    data_root = Path(done.stdout.strip())
    assert data_root.name == "_data" and gaslight_bin.parent in data_root.parents
    assert REPO not in data_root.parents


def test_a_designer_works_from_the_wheel(gaslight_bin, tmp_path):
    work = tmp_path / "designer"
    work.mkdir()
    assert gaslight(gaslight_bin, work, "init", "fog").returncode == 0
    project = work / "fog"
    assert gaslight(gaslight_bin, project, "new", "board", "boards/docks.yaml").returncode == 0
    broken = project / "walton" / "cases" / "broken.yaml"
    broken.write_text("kind: case\nid: broken\ntitle: Broken\ndifficulty: Q\n", encoding="utf-8")
    done = gaslight(gaslight_bin, project, "check")
    assert done.returncode == 1
    located = [line for line in done.stdout.splitlines() if ": error: " in line]
    assert located and all(line.startswith("walton/cases/broken.yaml:") for line in located), done.stdout
    broken.unlink()
    done = gaslight(gaslight_bin, project / "boards", "check")
    assert (done.returncode, done.stdout) == (0, "0 errors, 0 warnings\n"), done.stdout + done.stderr
    done = gaslight(gaslight_bin, project, "build", "-q")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (project / "build" / "site" / "boards" / "docks.html").is_file()
    assert (project / "build" / "site" / "engine" / "hunt" / "hunt.js").is_file()
    done = gaslight(gaslight_bin, project, "new", "case", "walton/cases/second.yaml", "--difficulty", "C",
                    "--seed", "1")
    assert done.returncode == 0, done.stderr
    done = gaslight(gaslight_bin, project, "solve", "second")
    assert done.returncode == 0 and ": unique" in done.stdout.splitlines()[0], done.stdout + done.stderr
    for path in project.rglob("*.yaml"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        if "$schema=" in first:
            assert (path.parent / first.split("=", 1)[1]).resolve().is_file(), path
    assert not any(p.is_relative_to(REPO) for p in (project / ".gaslight" / "schemas").iterdir())
