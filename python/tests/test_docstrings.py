"""Every example in the package's docstrings runs and prints what it says."""

import doctest
import inspect
from typing import Any, Iterator, Tuple

import fenkit


def docstrings() -> Iterator[Tuple[str, str]]:
    yield "fenkit", fenkit.__doc__ or ""
    for name in fenkit.__all__:
        value: Any = getattr(fenkit, name)
        yield name, getattr(value, "__doc__", None) or ""
        if inspect.isclass(value):
            for attribute, member in vars(value).items():
                doc = getattr(member, "__doc__", None)
                if doc and not attribute.startswith("__"):
                    yield f"{name}.{attribute}", doc


def test_docstring_examples_run() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, doc in docstrings():
        test = parser.get_doctest(doc, {"fenkit": fenkit}, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert examples >= 15
    assert results.failed == 0


def test_everything_public_has_a_docstring() -> None:
    for name in fenkit.__all__:
        if name == "__version__":
            continue
        assert getattr(fenkit, name).__doc__, name
