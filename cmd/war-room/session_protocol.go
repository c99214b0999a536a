package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// checkProtocol refuses, before anything runs, a --resume of another protocol's session.
func checkProtocol(ctx context.Context, st engine.Store, where, id, protocol string) error {
	s, err := st.GetSession(ctx, id)
	switch {
	case errors.Is(err, engine.ErrNotFound):
		return usageErr("no session %s in %s (check the id, and --db or --database-url if it ran against another store)", id, where)
	case err != nil:
		return fmt.Errorf("read session %s: %w", id, err)
	case s.Protocol != protocol:
		return usageErr("session %s is a %s session; use war-room resume %[1]s", id, s.Protocol)
	}
	return nil
}
