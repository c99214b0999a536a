package warroom

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every preset, every score a panel can produce (sum 5…25): the type and mode follow the
// ceilings, and a score exactly on a ceiling belongs to the lighter mode.
func TestClassifyEveryPresetAndEveryScore(t *testing.T) {
	presets := map[Preset][3]float64{
		PresetDefault:    {0.40, 0.60, 0.80},
		PresetMoveFast:   {0.50, 0.70, 0.90},
		PresetRiskAverse: {0.30, 0.50, 0.70},
		PresetStartup:    {0.55, 0.75, 0.90},
		PresetRegulated:  {0.25, 0.45, 0.65},
	}
	for p, want := range presets {
		got, ok := PresetThresholds(p)
		require.True(t, ok, p)
		require.Equal(t, Thresholds(want), got, "preset %s", p)
		th := got
		for sum := 5; sum <= 25; sum++ {
			// Integer arithmetic: sum/25 <= c  ⇔  100*sum <= 2500*c (ceilings have two decimals).
			at := func(c float64) bool { return 100*sum <= int(2500*c+0.5) }
			typ, mode := "1A+", ModeDelphi
			switch {
			case at(want[0]):
				typ, mode = "2", ModeExpress
			case at(want[1]):
				typ, mode = "1B", ModeLightweight
			case at(want[2]):
				typ, mode = "1A", ModeFull
			}
			gt, gm := classify(float64(sum)/25, th)
			assert.Equal(t, [2]string{typ, string(mode)}, [2]string{gt, string(gm)}, "preset %s sum %d", p, sum)
		}
	}
}

func TestClassifyBoundaries(t *testing.T) {
	d := defaultThresholds
	cases := []struct {
		rs   float64
		typ  string
		mode Mode
	}{
		{0.04, "2", ModeExpress},
		{10.0 / 25, "2", ModeExpress}, // 0.40 exactly
		{0.40, "2", ModeExpress},
		{11.0 / 25, "1B", ModeLightweight},
		{0.4000001, "1B", ModeLightweight},
		{15.0 / 25, "1B", ModeLightweight}, // 0.60 exactly
		{16.0 / 25, "1A", ModeFull},
		{20.0 / 25, "1A", ModeFull}, // 0.80 exactly
		{0.8000001, "1A+", ModeDelphi},
		{21.0 / 25, "1A+", ModeDelphi},
		{1.0, "1A+", ModeDelphi},
	}
	for _, c := range cases {
		typ, mode := classify(c.rs, d)
		assert.Equal(t, c.typ, typ, "rs %v", c.rs)
		assert.Equal(t, c.mode, mode, "rs %v", c.rs)
	}
	// Regulated: 0.45 and 0.65 are not multiples of 1/25; 11/25 = 0.44 is under, 12/25 over.
	reg := Thresholds{0.25, 0.45, 0.65}
	for sum, want := range map[int]string{6: "2", 7: "1B", 11: "1B", 12: "1A", 16: "1A", 17: "1A+"} {
		typ, _ := classify(float64(sum)/25, reg)
		assert.Equal(t, want, typ, "regulated sum %d", sum)
	}
}

func TestScoreIsSumOver25(t *testing.T) {
	assert.InDelta(t, 0.24, score([]int{1, 1, 2, 1, 1}), 1e-12)
	assert.InDelta(t, 0.80, score([]int{5, 4, 5, 4, 2}), 1e-12)
	assert.InDelta(t, 0.92, score([]int{4, 5, 5, 4, 5}), 1e-12)
}

func TestParseScores(t *testing.T) {
	d, err := parseScores("Here is my view.\n" + scoresFull + "\nThat is all.")
	require.NoError(t, err)
	require.Len(t, d, 5)
	assert.Equal(t, "Reversal Cost", d[0].Name)
	assert.Equal(t, 4, d[0].Score)
	assert.Equal(t, "weeks of rework", d[0].Rationale)
	assert.Equal(t, "Reputation Impact", d[4].Name)

	// Markdown decoration and other separators are tolerated.
	d, err = parseScores("- **REVERSAL_COST**: 2 — hours\n* TIME_LOCK_IN: 1 | none\nBLAST_RADIUS: 3: team\nINFORMATION_LOSS: 1 - all open\nREPUTATION_IMPACT: 1 – internal")
	require.NoError(t, err)
	assert.Equal(t, []int{2, 1, 3, 1, 1}, []int{d[0].Score, d[1].Score, d[2].Score, d[3].Score, d[4].Score})

	bad := map[string]string{
		"missing dimension": "REVERSAL_COST: 2 - x\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x",
		"out of range":      "REVERSAL_COST: 6 - x\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"zero":              "REVERSAL_COST: 0 - x\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"fraction":          "REVERSAL_COST: 2.5 - x\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"words":             "REVERSAL_COST: high - x\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"no rationale":      "REVERSAL_COST: 2\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"twice":             "REVERSAL_COST: 2 - x\nREVERSAL_COST: 3 - y\nTIME_LOCK_IN: 1 - x\nBLAST_RADIUS: 3 - x\nINFORMATION_LOSS: 1 - x\nREPUTATION_IMPACT: 1 - x",
		"prose only":        "The reversal cost is about 3 and the rest are low.",
	}
	for name, text := range bad {
		_, err := parseScores(text)
		assert.Error(t, err, name)
	}
	_, err = parseScores(bad["out of range"])
	assert.ErrorContains(t, err, `REVERSAL_COST score "6" is not an integer from 1 to 5`)
	_, err = parseScores(bad["missing dimension"])
	assert.ErrorContains(t, err, "REPUTATION_IMPACT is missing")
}

func TestParseThresholds(t *testing.T) {
	th, err := parseThresholds("0.3, 0.5,0.7")
	require.NoError(t, err)
	assert.Equal(t, Thresholds{0.3, 0.5, 0.7}, th)
	for _, bad := range []string{"0.4,0.6", "0.6,0.4,0.8", "0,0.5,0.7", "0.4,0.6,1.2", "a,b,c", "0.4,0.4,0.8"} {
		_, err := parseThresholds(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "0.40,0.60,0.80", fmt.Sprint(defaultThresholds))
}
