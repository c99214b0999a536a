package reason

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/provider/reported"
)

// A chain's record sets the forecast made before the first call beside what the ledger says
// was spent: seats, calls, minutes and dollars.
func TestTheRecordShowsEstimateAgainstActual(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	for _, p := range h.profiles {
		p.Provider, p.PriceInPerMTok, p.PriceOutPerMTok = reported.Every(h.sp, 45*time.Second), 3, 15
	}
	res := h.start(deep("claude", "gpt"), 2, "I lean towards keeping it.", nil)
	noErr(t, res.err)
	l := h.ledger(res.run.Session().ID)
	spent := ledger.SpentBy(l)
	est, ok := res.decision.Section(engine.SectionEstimate)
	eq(t, true, ok)
	rows := est.Table.Rows
	eq(t, [][]string{{"Seats", "5", "5"}, {"Calls", "5", "5"}}, rows[:2])
	eq(t, fmt.Sprintf("%.1f", spent.Minutes), rows[2][2])
	eq(t, "3.8", rows[2][2]) // five calls one after another, 45 s each
	eq(t, fmt.Sprintf("script $%.2f", spent.USD), rows[3][2])
	eq(t, true, spent.USD > 0)
	eq(t, true, regexp.MustCompile(`^\d+\.\d–\d+\.\d$`).MatchString(rows[2][1]))
	eq(t, true, regexp.MustCompile(`^\$\d+\.\d\d–\d+\.\d\d$`).MatchString(rows[3][1]))
}
