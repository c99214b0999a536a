package protocols

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/limits"
)

// Every protocol declares what a server may bound, read back from the session it built: a
// protocol added without a declaration fails here rather than escaping the App's ceilings.
func TestEveryProtocolDeclaresItsBoundedSettings(t *testing.T) {
	want := map[string][]limits.Bounded{
		"reason":   {{Ceiling: limits.CeilingPasses, Shown: "--passes=2", Value: 2}},
		"war-room": {{Ceiling: limits.CeilingRounds, Shown: "protocols.war_room.delphi.max_rounds: 5", Value: 5}},
		"council": {{Ceiling: limits.CeilingSeats, Shown: "A team of 4 seats (architect, skeptic, operations-lead, steward)", Value: 4},
			{Ceiling: limits.CeilingRounds, Shown: "--rounds=2", Value: 2}},
	}
	flags := map[string]map[string]string{"reason": {"passes": "2"}, "council": {"rounds": "2"}}
	for _, name := range Names() {
		s, err := NewSession(scriptConfig(t), Request{Protocol: name, Question: "Which queue?", Flags: flags[name], Seed: 1, SeedSource: "test"})
		require.NoError(t, err, name)
		got, err := Bounded(s)
		require.NoError(t, err, name)
		assert.Equal(t, want[name], got, name)
	}
	_, err := Bounded(&engine.Session{Protocol: "poll"})
	assert.ErrorContains(t, err, `unknown protocol "poll"`)
}
