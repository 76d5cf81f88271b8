"""The DOM adapters: read an event, hand it to the page's controller, write its view into the
page. They decide nothing.

The only modules, with `lotus.ui_bindings` (the app page's entry), that import PyScript and touch
the browser. May import `lotus.page` and `lotus.game`; nothing imports them but the entries.
Beside the page's loader of its code (`code`) is the quick worker's (`bundles`), which touches no
DOM: a worker has none.
"""
