package wait_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/wait"
)

func TestSleep(t *testing.T) {
	assert.NoError(t, wait.Sleep(context.Background(), 0))
	assert.NoError(t, wait.Sleep(context.Background(), time.Millisecond))
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, wait.Sleep(ended, 0), context.Canceled, "an ended context fails even without a wait")
	assert.ErrorIs(t, wait.Sleep(ended, time.Hour), context.Canceled)
}
