"""Settings for the whole suite.

Hypothesis: on a developer's machine every run tries new examples (what a property test is for);
under CI (`CI=true`, set by .ci/run) the examples are derived from each test's name, so a stop's
CI result does not depend on the luck of the draw and a failure there can be run again as it
was. A failure found either way is kept in .hypothesis/ and tried first next time.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
