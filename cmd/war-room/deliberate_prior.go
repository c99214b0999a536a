package main

import (
	"fmt"

	"github.com/war-room/war-room/engine"
)

// priorGateOutcome tells how to answer the prior-decision question: only `deliberate
// --resume` at a terminal asks it again (`war-room resume` would deliberate without it).
func priorGateOutcome(e *env, gate *engine.GateError, id string) error {
	return exitErr(exitAwaiting, fmt.Errorf("%s\nanswer it at a terminal: war-room deliberate --resume %s%s", gate.Gate.Text(), id, e.storeArgs))
}
