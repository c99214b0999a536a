#!/usr/bin/env python3
# Usage: scripts/corpus-from-cassettes.py PYDANTIC_AI_CLONE OUT_DIR
#
# Extracts real recorded vendor answers from pydantic-ai's VCR cassettes into war-room's
# conformance corpus: each answer with its source and the expectations read straight from
# the vendor's JSON (text, stop, usage) — a second reading the adapters are checked against.
# Streamed answers are kept as their recorded events ("stream"), their expectations read
# from those events alone.
import json, os, subprocess, sys

import yaml  # python3-yaml

REPO = sys.argv[1]  # a clone of https://github.com/pydantic/pydantic-ai
COMMIT = subprocess.check_output(["git", "-C", REPO, "rev-parse", "HEAD"]).decode().strip()
OUT = sys.argv[2]  # where the corpus goes: <out>/anthropic, <out>/openai

def files(d, streams=False):
    out = subprocess.check_output(["git", "-C", REPO, "ls-tree", "--name-only", "HEAD", d + "/"]).decode().split("\n")
    return [f for f in out if f.endswith(".yaml") and (streams or "stream" not in f)]

def show(path):
    return yaml.safe_load(subprocess.check_output(["git", "-C", REPO, "show", "HEAD:" + path]))

def body_of(resp):
    if "parsed_body" in resp:
        return resp["parsed_body"]
    b = resp.get("body")
    if isinstance(b, dict):
        b = b.get("string")
    if isinstance(b, str):
        try:
            return json.loads(b)
        except Exception:
            return None
    return None

def header(resp, name):
    for k, v in (resp.get("headers") or {}).items():
        if k.lower() == name:
            return v[0] if isinstance(v, list) else v
    return None

def anthropic(path, i, req, resp, body):
    status = resp["status"]["code"]
    if status >= 400:
        if not isinstance(body, dict) or body.get("type") != "error":
            return None
        want = {"status": status, "message": body["error"].get("message", "")}
        ra = header(resp, "retry-after")
        if ra:
            want["retry_after_s"] = float(ra)
        return want
    if not isinstance(body, dict) or body.get("type") != "message":
        return None
    kinds = {b.get("type") for b in body.get("content", [])}
    if not kinds <= {"text", "thinking", "redacted_thinking"} or "text" not in kinds and body.get("stop_reason") != "max_tokens":
        return None
    u = body.get("usage", {})
    stop = body.get("stop_reason")
    cls = {"end_turn": "", "stop_sequence": "", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "truncated"}.get(stop)
    if cls is None:
        return None
    return {"status": 200, "text": "".join(b.get("text", "") for b in body["content"] if b.get("type") == "text"),
            "class": cls, "stop_reason": stop,
            "usage": {"input": u.get("input_tokens", 0), "output": u.get("output_tokens", 0),
                      "cache_read": u.get("cache_read_input_tokens") or 0, "cache_write": u.get("cache_creation_input_tokens") or 0,
                      "thinking": (u.get("output_tokens_details") or {}).get("thinking_tokens", 0) or 0}}

def openai(path, i, req, resp, body):
    status = resp["status"]["code"]
    if status >= 400:
        if not isinstance(body, dict) or "error" not in body:
            return None
        e = body["error"]
        want = {"status": status, "message": e.get("message", "") if isinstance(e, dict) else str(e)}
        ra = header(resp, "retry-after")
        if ra:
            want["retry_after_s"] = float(ra)
        return want
    if not isinstance(body, dict) or body.get("object") != "chat.completion" or not body.get("choices"):
        return None
    ch = body["choices"][0]
    msg = ch.get("message") or {}
    if msg.get("tool_calls") or msg.get("audio") or msg.get("content") is None and ch.get("finish_reason") != "length":
        return None
    fr = ch.get("finish_reason")
    cls = {"stop": "", "length": "truncated", "content_filter": "refused"}.get(fr)
    if cls is None:
        return None
    if msg.get("refusal"):
        cls = "refused"
    content = msg.get("content") or ""
    answer, thought = content, ""
    t = content.lstrip(" \t\r\n")
    for tag in ("think", "thinking"):
        if t.startswith("<%s>" % tag):
            rest = t[len(tag) + 2:]
            j = rest.find("</%s>" % tag)
            answer, thought = ("", rest) if j < 0 else (rest[j + len(tag) + 3:].lstrip(" \t\r\n"), rest[:j])
            break
    u = body.get("usage") or {}
    p, c, tot = u.get("prompt_tokens", 0), u.get("completion_tokens", 0), u.get("total_tokens", 0)
    pd, cd = u.get("prompt_tokens_details") or {}, u.get("completion_tokens_details") or {}
    read, write = pd.get("cached_tokens") or 0, pd.get("cache_write_tokens") or 0
    extra = max(0, tot - p - c)
    thinking = (cd.get("reasoning_tokens") or 0) + extra
    out = c + extra
    if thought and thinking == 0:
        thinking = min(out, (len(thought.encode()) + 3) // 4)
    return {"status": 200, "text": answer, "class": cls, "stop_reason": fr,
            "usage": {"input": max(0, p - read - write), "output": out, "cache_read": read, "cache_write": write, "thinking": thinking}}

def sse(text):
    """The events of a server-sent event stream, as (event name, data) pairs."""
    out = []
    for chunk in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "", []
        for line in chunk.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
        if data:
            out.append((name, "\n".join(data)))
    return out

def anthropic_stream(path, i, req, resp, text):
    """What a streamed Messages answer says, read from its events alone."""
    kinds, texts, usage, stop, ended = {}, {}, {}, None, False
    for name, data in sse(text):
        if name == "ping":
            continue
        if name == "error":
            return {"status": 200, "class": "transport", "usage": {}}
        ev = json.loads(data)
        t = ev.get("type")
        if t == "message_start":
            usage = dict(ev["message"].get("usage") or {})
        elif t == "content_block_start":
            b = ev["content_block"]
            kinds[ev["index"]] = b.get("type")
            texts[ev["index"]] = b.get("text", "") if b.get("type") == "text" else ""
        elif t == "content_block_delta" and ev["delta"].get("type") == "text_delta":
            texts[ev["index"]] += ev["delta"]["text"]
        elif t == "message_delta":
            stop = ev["delta"].get("stop_reason")
            for k, v in (ev.get("usage") or {}).items():
                if v is not None:
                    usage[k] = v
        elif t == "message_stop":
            ended = True
    if not ended or not set(kinds.values()) <= {"text", "thinking", "redacted_thinking"}:
        return None
    if "text" not in kinds.values() and stop != "max_tokens":
        return None
    cls = {"end_turn": "", "stop_sequence": "", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "truncated"}.get(stop)
    if cls is None:
        return None
    return {"status": 200, "text": "".join(texts[k] for k in sorted(texts) if kinds[k] == "text"),
            "class": cls, "stop_reason": stop,
            "usage": {"input": usage.get("input_tokens", 0), "output": usage.get("output_tokens", 0),
                      "cache_read": usage.get("cache_read_input_tokens") or 0,
                      "cache_write": usage.get("cache_creation_input_tokens") or 0,
                      "thinking": (usage.get("output_tokens_details") or {}).get("thinking_tokens", 0) or 0}}

def openai_stream(path, i, req, resp, text):
    """What a streamed chat completion says, read from its chunks alone: the first choice's
    content and refusal, its last finish reason, and the last usage a chunk reported."""
    content, refusal, finish, usage, model, done = "", "", None, None, "", False
    for _, data in sse(text):
        if data.strip() == "[DONE]":
            done = True
            continue
        ev = json.loads(data)
        if "error" in ev:
            return None
        model = ev.get("model") or model
        if ev.get("usage"):
            usage = ev["usage"]
        for ch in ev.get("choices") or []:
            if ch.get("index", 0) != 0:
                continue
            d = ch.get("delta") or {}
            if d.get("tool_calls") or d.get("function_call") or d.get("audio"):
                return None
            content += d.get("content") or ""
            refusal += d.get("refusal") or ""
            finish = ch.get("finish_reason") or finish
    if not done or finish is None:
        return None
    body = {"object": "chat.completion", "model": model, "usage": usage or {},
            "choices": [{"finish_reason": finish, "message": {"content": content, "refusal": refusal or None}}]}
    return openai(path, i, req, resp, body)

def run(vendor, dirs, want_fn, suffix, streams=None):
    os.makedirs(os.path.join(OUT, vendor), exist_ok=True)
    n = 0
    for d in dirs:
        for f in files(d, streams is not None):
            cas = show(f)
            for i, it in enumerate(cas.get("interactions") or []):
                req, resp = it["request"], it["response"]
                if not req.get("uri", "").split("?")[0].endswith(suffix):
                    continue
                streamed = (header(resp, "content-type") or "").startswith("text/event-stream")
                if streamed != (streams is not None):
                    continue
                if streamed:
                    b = resp.get("body")
                    body = b.get("string") if isinstance(b, dict) else b
                    want = streams(f, i, req, resp, body) if isinstance(body, str) else None
                else:
                    body = body_of(resp)
                    want = want_fn(f, i, req, resp, body)
                if want is None:
                    continue
                name = os.path.basename(f)[:-5]
                for ch in "[]":
                    name = name.replace(ch, "_")
                name = "%s-%d" % (name.strip("_"), i)
                headers = {}
                for h in ("retry-after", "retry-after-ms", "content-type"):
                    v = header(resp, h)
                    if v:
                        headers[h] = v
                headers.setdefault("content-type", "application/json")
                rec = {"source": {"repository": "https://github.com/pydantic/pydantic-ai", "license": "MIT",
                                  "path": f, "commit": COMMIT, "interaction": i},
                       "status": resp["status"]["code"], "headers": headers, "want": want}
                if streamed:
                    rec["stream"] = body  # the events as recorded
                else:
                    rec["body"] = body
                with open(os.path.join(OUT, vendor, name + ".json"), "w") as fh:
                    json.dump(rec, fh, indent=2, ensure_ascii=False, sort_keys=True)
                    fh.write("\n")
                n += 1
    print(vendor, n)

OPENAI_DIRS = ["tests/models/cassettes/test_openai", "tests/models/cassettes/test_openai_prompt_cache",
               "tests/models/cassettes/test_groq", "tests/models/cassettes/test_deepseek", "tests/models/cassettes/test_cerebras",
               "tests/models/cassettes/test_openrouter"]
run("anthropic", ["tests/models/cassettes/test_anthropic"], anthropic, "/v1/messages")
run("openai", OPENAI_DIRS, openai, "/chat/completions")
# Streamed answers (text/event-stream), from every cassette, read from their events alone.
run("anthropic", ["tests/models/cassettes/test_anthropic"], anthropic, "/v1/messages", anthropic_stream)
run("openai", OPENAI_DIRS, openai, "/chat/completions", openai_stream)
