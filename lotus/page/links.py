"""Records and links, without a DOM: the game on screen out (a record, a share link, an embed
snippet) and a game in (an imported record, an opened share link).

A part of the app's controller. `lotus.game.records` loads both engines: it is imported only
when a record or a link is written or read.
"""

from lotus.game import games
from lotus.game.refusals import reason
from lotus.words import N_, _

IMPORTED = N_("Record imported.")
COPIED = {  # what was copied -> (said when it was, said when the player must copy it)
    "record": (N_("Record copied."), N_("Record ready: copy it below.")),
    "share": (
        N_("Share link copied: whoever opens it can continue this game."),
        N_("Share link ready: copy it below."),
    ),
}


class Links:
    """The records and links of the app's game on screen (`app`), whose new games get an id from
    the saved games (`saves`)."""

    def __init__(self, app, saves) -> None:
        self.app = app
        self.saves = saves

    # -- out ---------------------------------------------------------------------------------
    def record_text(self, date: str) -> str:
        """The game on screen as a text record dated `date` ('2026.11.30')."""
        from lotus.game import records

        session = self.app.session
        return records.write(records.record_of(session.game, seats=session.seats, date=date))

    def export(self, date: str) -> str:
        """The record for the export box, and say where it is."""
        text = self.record_text(date)
        self.app.session.message = _("The record is in the box below: copy it or download it.")
        return text

    def share_url(self, page_url: str) -> str:
        """A share link to the game on screen (`page_url`: the page's address, no fragment)."""
        from lotus.game import records

        session = self.app.session
        record = records.record_of(session.game, seats=session.seats)
        return page_url + "#" + records.to_link_fragment(record)

    def copied(self, what: str, ok: bool) -> None:
        """Say whether a copy of `what` ('record', 'share': the link) to the clipboard worked
        ('Record copied.'), or where to copy it."""
        done, by_hand = COPIED[what]
        self.app.session.message = _(done if ok else by_hand)

    def embed_choice(self, choice: dict, page_url: str) -> dict:
        """The Embed dialog: its choices (what, caption, opponent, theme, size) -> the snippet.

        Returns {"error"} when the choice cannot be embedded, else {"snippet", "fragment",
        "url", "size"}.
        """
        from lotus.page import embed

        caption = choice.get("caption", "").replace("|", "/")
        try:
            settings = embed.settings_for(
                self.app.session, choice.get("what", "position"), caption, choice.get("opponent")
            )
            size = 420
            if choice.get("size"):
                size = embed.load({"game": settings["game"], "size": choice["size"]})["size"]
        except ValueError as exc:
            return {"error": _("This cannot be embedded: {reason}.", reason=reason(exc))}
        if choice.get("theme") == "dark":
            settings["theme"] = "dark"
        settings["size"] = str(size)
        fragment = embed.to_fragment(settings)
        url = page_url.split("#")[0]
        return {
            "snippet": embed.snippet(url, fragment, settings["game"], size),
            "fragment": fragment,
            "url": url,
            "size": size,
        }

    # -- in ----------------------------------------------------------------------------------
    def too_long(self, length: int) -> str:
        """Why a record of `length` characters cannot be read ('' when it can be): the adapter
        asks before it copies the text out of the page."""
        if length <= games.MAX_RECORD_CHARS:  # lotus.game.records is not even loaded for this
            return ""
        self.forget_import()
        return _(
            "The record could not be read: it is too long ({length} characters, at most "
            "{limit}). Your game is unchanged.",
            length=length,
            limit=games.MAX_RECORD_CHARS,
        )

    def import_record(self, text: str) -> str:
        """Open a record ('' when it opened); else where and why not, and the game is kept."""
        from lotus.game import records

        self.forget_import()
        if not text.strip():
            return _("Nothing to import: paste a record into the box, or open a file.")
        try:  # the reader checks the text's length and move count before replaying it
            self.app.load_record(records.read(text))
        except records.RecordError as exc:
            return _(
                "The record could not be read: {reason}. Your game is unchanged.",
                reason=reason(exc),
            )
        except (ValueError, MemoryError) as exc:
            why = reason(exc) if str(exc) else _("it is too large")
            return _(
                "The record could not be opened: {reason}. Your game is unchanged.", reason=why
            )
        self.saves.new_id(self.app.current)
        self.app.session.message = _(IMPORTED)
        return ""

    def forget_import(self) -> None:
        """Before another import: an earlier import's success no longer holds."""
        if self.app.session.message == _(IMPORTED):
            self.app.session.message = ""

    def open_link(self, fragment: str):
        """Open a share link's game (#g=…); None when the fragment is not a link, else notes.

        A bad link leaves the saves alone. Either way the adapter clears the fragment: the game
        is autosaved from now on, and a reload must not open the link again.
        """
        if not fragment.startswith("#g="):
            return None
        from lotus.game import records

        try:  # the reader checks the link's length and move count before decoding it
            self.app.load_record(records.from_link_fragment(fragment))
        except (ValueError, MemoryError) as exc:
            why = reason(exc) if str(exc) else _("it is too large")
            # Translators: a share link (#g=…) opened in the address.
            return [
                _(
                    "This link could not be opened: {reason}. Your saved games are unchanged.",
                    reason=why,
                )
            ]
        self.saves.reuse(self.app.current)  # a game saved here already keeps its one entry
        return []
