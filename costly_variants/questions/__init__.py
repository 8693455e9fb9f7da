"""Stage 6, questions asked of many runs: how the profiles differ (``study``, reported by ``report`` with
the win table's section ``decisive_report``), which rule makes each difference (``byrule``), whether a
reading matters (``readings``), which house rules give the game wanted (``design``, ``targets``)."""
