"""Flask extensions, created unbound here and bound to an app in :func:`api.create_app`."""

from __future__ import annotations

from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

from api.errors import ProblemApi

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
rest = ProblemApi()
compress = Compress()  # the phone app's files only (views opt in): a weak connection loads it fast


def _register_fields() -> None:
    """Card and suit notation are strings in the OpenAPI document."""
    from api.schemas.fields import CardField, PlayerCounts, StrictBoolean, StrictInteger, SuitField

    rest.register_field(CardField, "string", None)
    rest.register_field(SuitField, "string", None)
    rest.register_field(StrictInteger, "integer", None)
    rest.register_field(StrictBoolean, "boolean", None)
    rest.register_field(PlayerCounts, "object", None)


_register_fields()
