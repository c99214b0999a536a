package anthropic

import "testing"

// BenchmarkComplete: one Messages call through the adapter to a loopback server.
func BenchmarkComplete(b *testing.B) { vendor.BenchComplete(b) }
