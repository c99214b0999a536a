package protocols

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/warroom"
)

// A profile's default concurrency covers the widest fan-out of every protocol, so a panel on
// one profile never waits an extra round for a slot: every war-room seat at once, every
// council seat at once, both high-assurance generators at once.
func TestDefaultConcurrencyNeverAddsARound(t *testing.T) {
	widest := max(len(warroom.RoleKeys()), len(council.SeatKeys()), 2)
	assert.GreaterOrEqual(t, config.DefaultMaxConcurrency, widest)
	p := config.NewProviderConfig("openai")
	assert.Equal(t, config.DefaultMaxConcurrency, p.MaxConcurrency, "a profile that sets nothing takes the default")
}
