package discussions

import (
	"strings"
	"testing"
)

func BenchmarkRender(b *testing.B) {
	d := loadDecisionB(b, "full_council")
	for b.Loop() {
		Render(d, RenderOptions{})
	}
}

func BenchmarkSafe(b *testing.B) {
	text := strings.Repeat("Ask @octocat about ghp_0123456789abcdefghijABCDEFGHIJ012345 <!-- x --> /war-room go. ", 500)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Safe(text)
	}
}
