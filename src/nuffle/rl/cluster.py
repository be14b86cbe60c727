"""Ray for the rollout workers: a local Ray on this machine, or an existing cluster by address.

The learner stays in the driver (this process); only the environment batches run as Ray actors,
spread over the cluster's nodes."""

from __future__ import annotations

import contextlib
import signal
import socket
from typing import Any

from nuffle.core.errors import InputError, StateError

#: Seconds to wait for a TCP answer from a cluster's head before calling its address bad (Ray
#: itself retries a dead address for minutes).
PROBE_TIMEOUT_S = 5.0


def _host_port(address: str) -> tuple[str, int] | None:
    """(host, port) of a 'host:port' or 'ray://host:port' address; None for 'auto' and the like."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host:
        return None
    try:
        return host.strip("[]"), int(port)
    except ValueError:
        raise InputError(f"bad Ray address {address!r}: the port must be a number") from None


def _probe(address: str) -> None:
    """InputError unless something answers at the address's host and port."""
    where = _host_port(address)
    if where is None:
        return
    try:
        with socket.create_connection(where, timeout=PROBE_TIMEOUT_S):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError(f"cannot reach the Ray cluster at {address!r}: {reason}") from None


def connect(address: str | None, num_cpus: int) -> None:
    """Join the Ray cluster at `address`, or start a local Ray with `num_cpus` CPUs when it is
    None; nothing if this process already has a Ray. InputError for an address with no cluster."""
    try:
        import ray
    except ImportError:
        raise StateError("the ray executor needs Ray: pip install 'nuffle[ray]'") from None
    if ray.is_initialized():
        return
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    # ray.init installs its own SIGTERM handler: the caller's is put back (SIGTERM stops a run
    # as Ctrl-C does, keeping last.pt)
    term = signal.getsignal(signal.SIGTERM)
    try:
        if address:
            _probe(address)
            try:
                ray.init(address=address, **kwargs)
            except Exception as exc:  # Ray's own errors: not a Ray head, a version mismatch, ...
                lines = str(exc).strip().splitlines() or [type(exc).__name__]
                raise InputError(f"cannot join the Ray cluster at {address!r}: {lines[0]}") from None
        else:
            ray.init(num_cpus=num_cpus, **kwargs)
    finally:
        if term is not None:
            with contextlib.suppress(ValueError):  # not the main thread
                signal.signal(signal.SIGTERM, term)


def node_of_actor() -> str:
    """The id of the Ray node this code runs on (called inside an actor)."""
    import ray

    return str(ray.get_runtime_context().get_node_id())
