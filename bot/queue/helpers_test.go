package queue

import (
	"context"
	"time"

	"github.com/riverqueue/river/rivertype"
)

// idle is a worker that completes every job at once and does nothing else.
var idle = WorkerFunc(func(context.Context, Job) error { return nil })

// immediately retries a failed job at once, so retry tests need not wait out a backoff.
type immediately struct{}

func (immediately) NextRetry(*rivertype.JobRow) time.Time { return time.Now() }
