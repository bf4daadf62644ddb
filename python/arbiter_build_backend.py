"""The PEP 517 build backend of the Python package arbiter (pyproject.toml).

``python3 -m pip install --no-build-isolation .`` calls build_wheel() here: it
configures and builds the module arbiter._arbiter with CMake
(-DARBITER_PYTHON=ON, against the interpreter running pip) and packs it with
python/arbiter/ into a wheel.

Why not setuptools: building a wheel with setuptools before 70.1 needs the
separate 'wheel' package, which neither a pyenv Python nor a machine without a
package index may have (no index: --no-build-isolation, nothing downloaded).
This backend uses the standard library only, so the command works wherever
Python, CMake, a C++20 compiler and pybind11 (Debian: pybind11-dev) are.

Environment:
  ARBITER_BUILD_DIR   the CMake build folder (default build/pip-<tag>; giving
                      the folder of an earlier build reuses its objects)
  ARBITER_CMAKE_ARGS  more CMake options, split on spaces (-DARBITER_ARCH=x86-64-v2)
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "python" / "arbiter"
NAME = "arbiter"
SUMMARY = "FIDE Laws of Chess verdicts (Arbiter's adjudicator) for Python"
# Files of python/arbiter/ that go into the wheel.
PACKAGE_PATTERNS = ("*.py", "*.pyi", "py.typed")
# Build in parallel at most this many jobs unless CMAKE_BUILD_PARALLEL_LEVEL says.
DEFAULT_JOBS = 2


def _version() -> str:
    """The project's version, from the top CMakeLists.txt (one source of truth)."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(arbiter VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("no 'project(arbiter VERSION x.y.z' in CMakeLists.txt")
    return match.group(1)


def _tag() -> str:
    """The wheel tag of this interpreter: cp311-cp311-linux_x86_64."""
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    abi = python + (sys.abiflags if hasattr(sys, "abiflags") else "")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{abi}-{platform}"


def _build_module() -> Path:
    """Configures and builds arbiter._arbiter; the path of the built module."""
    build_dir = Path(os.environ.get("ARBITER_BUILD_DIR") or ROOT / "build" / f"pip-{_tag()}")
    configure = [
        "cmake", "-S", str(ROOT), "-B", str(build_dir),
        "-DCMAKE_BUILD_TYPE=Release", "-DARBITER_BUILD_TESTS=OFF", "-DARBITER_PYTHON=ON",
        f"-DPython_EXECUTABLE={sys.executable}",
    ]  # fmt: skip
    if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
        configure += ["-G", "Ninja"]
    configure += os.environ.get("ARBITER_CMAKE_ARGS", "").split()
    env = dict(os.environ)
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(DEFAULT_JOBS))
    # pip shows this output only with -v or when a step fails.
    subprocess.run(configure, check=True, env=env, stdout=sys.stderr)
    build = ["cmake", "--build", str(build_dir), "--target", "arbiter_python"]
    subprocess.run(build, check=True, env=env, stdout=sys.stderr)
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    module = build_dir / "python" / "arbiter" / f"_arbiter{suffix}"
    if not module.exists():
        raise RuntimeError(f"the build made no {module}")
    return module


def _metadata() -> str:
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {_version()}\n"
        f"Summary: {SUMMARY}\n"
        "License: see LICENSE\n"
        "Requires-Python: >=3.8\n"
    )


def _wheel_file() -> str:
    return f"Wheel-Version: 1.0\nGenerator: arbiter_build_backend\nRoot-Is-Purelib: false\nTag: {_tag()}\n"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _dist_info() -> str:
    return f"{NAME}-{_version()}.dist-info"


# --- PEP 517 hooks ---------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, str]] = None) -> List[str]:
    return []  # the standard library only; CMake and pybind11 come from the system


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Dict[str, str]] = None
) -> str:
    dist_info = Path(metadata_directory) / _dist_info()
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (dist_info / "WHEEL").write_text(_wheel_file(), encoding="utf-8")
    return dist_info.name


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, str]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    module = _build_module()
    files: Dict[str, bytes] = {}
    for pattern in PACKAGE_PATTERNS:
        for path in sorted(PACKAGE_DIR.glob(pattern)):
            files[f"{NAME}/{path.name}"] = path.read_bytes()
    files[f"{NAME}/{module.name}"] = module.read_bytes()
    dist_info = _dist_info()
    files[f"{dist_info}/METADATA"] = _metadata().encode()
    files[f"{dist_info}/WHEEL"] = _wheel_file().encode()
    files[f"{dist_info}/top_level.txt"] = f"{NAME}\n".encode()
    record = [_record_line(name, data) for name, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()

    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)
    return wheel_name
