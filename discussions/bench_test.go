package discussions

import "testing"

func BenchmarkRender(b *testing.B) {
	d := loadDecisionB(b, "full_council")
	for b.Loop() {
		Render(d, RenderOptions{})
	}
}
