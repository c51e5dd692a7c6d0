"""A posted form's text fields, read as Starlette reads them, in less time.

Every move and every refusal posts a form of three or four short fields
(``token``, the command, ``held``), urlencoded: the page's forms without script
and its script (``URLSearchParams``) both send that. Starlette's form parser
(``python-multipart``'s, through a callback per piece) was 8% of a refused
command's samples in the live server (py-spy, issue 38's fourth round, 2% after);
the standard library's :func:`urllib.parse.parse_qsl` reads the same body into
the same fields in half the CPU (16 → 8 µs in one process). Any other body
(multipart, a missing or unknown type) still goes through Starlette's parser.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import parse_qsl

from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request

FORM_FIELDS = 20
"""Fields a form may carry (the page's have at most five): more is a 400, as
Starlette refuses them."""
URLENCODED = "application/x-www-form-urlencoded"


async def form_fields(request: Request) -> Mapping[str, str]:
    """The text fields of ``request``'s form: a repeated name gives its first
    value, a file nothing. Names and values are unquoted as Starlette does (``+``
    a space, ``%XX`` UTF-8, a bad sequence replaced), fields with no ``=`` are
    empty values. The body is read through the app's receive, so its size limit
    holds (:class:`~.guard.BodyTooLarge`).

    Raises:
        HTTPException: 400, more than :data:`FORM_FIELDS` fields.
    """
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != URLENCODED:
        return text_fields(await request.form(max_files=0, max_fields=FORM_FIELDS))
    body = await request.body()
    try:
        pairs = parse_qsl(
            body.decode("latin-1"), keep_blank_values=True, max_num_fields=FORM_FIELDS
        )
    except ValueError as err:  # too many fields
        raise HTTPException(status_code=400, detail=str(err)) from err
    fields: dict[str, str] = {}
    for name, value in pairs:
        fields.setdefault(name, value)
    return fields


def text_fields(form: FormData) -> Mapping[str, str]:
    """The form's text fields (a file or a repeated name: its first text value)."""
    fields: dict[str, str] = {}
    for name, value in form.multi_items():
        if isinstance(value, str) and name not in fields:
            fields[name] = value
    return fields
