package github

import (
	"time"
)

// afterFunc is the default Options.AfterFunc.
func afterFunc(d time.Duration, f func()) (stop func() bool) { return time.AfterFunc(d, f).Stop }
