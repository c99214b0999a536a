package engine

import "context"

// HeadLister is a Store that can list sessions without their inputs, which may hold megabytes
// of context that a listing never needs. ListSessionHeads uses it when the store has it.
type HeadLister interface {
	// ListSessionHeads is ListSessions with every session's Inputs left empty.
	ListSessionHeads(ctx context.Context, protocol string, limit int) ([]Session, error)
}

// ListSessionHeads lists sessions as ListSessions does, without reading their inputs where the
// store can leave them out (their Inputs may be set or not: a caller must not use them).
func ListSessionHeads(ctx context.Context, st Store, protocol string, limit int) ([]Session, error) {
	if h, ok := st.(HeadLister); ok {
		return h.ListSessionHeads(ctx, protocol, limit)
	}
	return st.ListSessions(ctx, protocol, limit)
}
