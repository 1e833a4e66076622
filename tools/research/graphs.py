"""Small helpers for the research sample graphs: blocks, edges and graphs in the canonical .graph layout."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def block(bid, btype, x, y, **params):
    return {"id": bid, "type": btype, "params": {k: str(v) for k, v in params.items()},
            "state": "enabled", "x": x, "y": y, "rotation": 0}


def edge(a, b, ap="out", bp="in"):
    return {"fromBlock": a, "fromPort": ap, "toBlock": b, "toPort": bp}


def chain(ids):
    return [edge(a, b) for a, b in zip(ids, ids[1:])]


def graph(title, description, variables, blocks, connections, views=()):
    return {"format": "sigflow-graph", "version": 1,
            "metadata": {"title": title, "description": description, "author": "SigFlow samples"},
            "variables": variables, "blocks": blocks, "connections": connections, "views": list(views)}


def write(path, g):
    p = ROOT / path
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(g, indent=2, ensure_ascii=False) + "\n")
    print(p.relative_to(ROOT))
