"""Services the engine keeps for layers above it, looked up by their type.

The engine cannot import the ui layer, so the ui's own services (sprite sheets) live here.
"""

from __future__ import annotations

from typing import TypeVar, cast

ServiceT = TypeVar("ServiceT")


class ServiceRegistry:
    """One instance per type, made on first use from the type itself (it takes no arguments)."""

    def __init__(self) -> None:
        self._services: dict[type, object] = {}

    def get(self, kind: type[ServiceT]) -> ServiceT:
        service = self._services.get(kind)
        if service is None:
            service = kind()
            self._services[kind] = service
        # Only this method fills the table, always under the service's own type.
        return cast(ServiceT, service)
