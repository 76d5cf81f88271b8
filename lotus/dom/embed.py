"""The app page's Embed dialog, its DOM adapter: the choices in, the snippet and preview out.

The snippet itself is decided by `lotus.page.links.Links.embed_choice` (tested under CPython).
"""

from pyscript import document, window

from lotus.dom.host import clipboard, form_values
from lotus.words import _


class EmbedDialog:
    """The Embed dialog of index.html for the page's controller (`host.c`)."""

    def __init__(self, host) -> None:
        self.host = host
        self.snippet = ""
        self.wired = False

    def open(self) -> None:
        """Show the dialog for what is on screen, with its snippet and a preview."""
        dialog = document.querySelector("[data-embed-dialog]")
        if not self.wired:
            self.wired = True
            form = dialog.querySelector("[data-embed-form]")
            self.host.listen(form, "input", self.refresh)
            self.host.listen(form, "change", self.refresh)
            self.host.listen(dialog.querySelector("[data-embed-copy]"), "click", self.copy)
        self.snippet = ""
        self.refresh()
        dialog.showModal()

    def refresh(self, *_event) -> None:
        """Rebuild the snippet and the preview from the dialog's choices."""
        form = document.querySelector("[data-embed-form]")
        message = form.querySelector("[data-embed-message]")
        page_url = str(window.URL.new("embed.html", window.location.href).href)
        choice = self.host.c.links.embed_choice(form_values(form), page_url)
        self.snippet = choice.get("snippet", "")
        form.querySelector("[data-embed-snippet]").value = self.snippet
        message.textContent = choice.get("error", "")
        if "error" in choice:
            message.classList.add("error")
            return
        message.classList.remove("error")
        form.querySelector("[data-embed-open]").setAttribute(
            "href", choice["url"] + "#" + choice["fragment"]
        )
        preview = form.querySelector("[data-embed-preview]")
        if preview is None:  # the first time: the iframe comes out of its template
            template = form.querySelector("[data-embed-preview-template]")
            preview = template.content.firstElementChild.cloneNode(True)
            template.replaceWith(preview)
        preview.style.maxWidth = f"{choice['size']}px"
        preview.setAttribute("src", "embed.html#" + choice["fragment"])

    def copy(self, *_event) -> None:
        """Copy the snippet, and say so inside the dialog."""
        message = document.querySelector("[data-embed-message]")
        text = self.snippet

        async def write() -> None:
            if await clipboard(text):
                message.textContent = _("Snippet copied: paste it into your page.")
            else:
                document.querySelector("[data-embed-snippet]").select()
                message.textContent = _("Select the snippet above and copy it (Ctrl+C).")

        if text:
            self.host.spawn(write())
