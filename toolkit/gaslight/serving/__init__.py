"""The MkDocs side of ``gaslight serve`` (:mod:`gaslight.serve` builds the pages): the served site's folders,
dirty passes in every language, the watcher, and the hooks MkDocs loads for the preview's builds."""
