package openai

import "testing"

// BenchmarkComplete: one Chat Completions call through the adapter to a loopback server.
func BenchmarkComplete(b *testing.B) { vendor.BenchComplete(b) }
