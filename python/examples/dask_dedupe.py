"""Deduplicate the positions of a FEN column with Dask: fenkit.arrow.position_key in each
partition, then a group-by on that key in the engine (python/README.md, "At scale").

    python dask_dedupe.py 'evals/*.parquet' [--column fen] [--en-passant legal]

Prints how many rows were read, how many had a position (the others do not parse or are null),
and how many distinct positions there are, with the most repeated ones.
"""

import argparse

import dask.dataframe as dd
import pandas as pd
import pyarrow as pa

import fenkit.arrow


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", help="Parquet files (a path, a directory or a glob)")
    parser.add_argument("--column", default="fen")
    parser.add_argument("--en-passant", default="legal", choices=["always", "fen", "xfen", "legal"])
    parser.add_argument("--split-out", type=int, default=1, help="output partitions of the group-by")
    args = parser.parse_args()

    def with_key(partition: pd.DataFrame) -> pd.DataFrame:
        # One call per partition: the strings are read in place, the keys come back as a
        # uint64 Arrow column, wrapped as a pandas column without a copy.
        key = fenkit.arrow.position_key(partition[args.column], en_passant=args.en_passant)
        return partition.assign(key=pd.arrays.ArrowExtensionArray(key))

    rows = dd.read_parquet(args.files, columns=[args.column])
    meta = rows._meta.assign(key=pd.Series([], dtype=pd.ArrowDtype(pa.uint64())))
    keyed = rows.map_partitions(with_key, meta=meta)
    # The dedupe is a group-by on the key, done by the engine (shuffled over `split_out`
    # partitions when the distinct keys do not fit one).
    counts = keyed.dropna(subset=["key"]).groupby("key").size(split_out=args.split_out)
    total, positioned, distinct, top = dd.compute(
        keyed.shape[0], counts.sum(), counts.shape[0], counts.nlargest(3)
    )
    print(f"{total} rows, {positioned} positions, {distinct} distinct")
    for key, count in top.items():
        print(f"  key {key:#018x}: {count} rows")


if __name__ == "__main__":
    main()
