package redact

import (
	"context"
	"log/slog"
)

// Handler returns h with every message and attribute redacted before h sees it: strings,
// errors and whatever else prints itself, in groups too. A log line is an output like any
// other, and an error from anywhere may quote a secret.
func Handler(h slog.Handler) slog.Handler { return handler{h} }

type handler struct{ next slog.Handler }

func (h handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, Text(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h handler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = attr(a)
	}
	return handler{h.next.WithAttrs(clean)}
}

func (h handler) WithGroup(name string) slog.Handler { return handler{h.next.WithGroup(name)} }

// attr is a with its value redacted: a string or anything that prints itself as text.
func attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Text(v.String()))
	case slog.KindGroup:
		g := v.Group()
		clean := make([]slog.Attr, len(g))
		for i, x := range g {
			clean[i] = attr(x)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(clean...)}
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.Any(a.Key, Error(x))
		case interface{ String() string }:
			return slog.String(a.Key, Text(x.String()))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
