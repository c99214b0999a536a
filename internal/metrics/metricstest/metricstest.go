// Package metricstest reads a /metrics answer back in tests: it scrapes a URL the way
// Prometheus would and looks series up by name and labels.
package metricstest

import (
	"net/http"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Families is one scrape, by series name.
type Families map[string]*dto.MetricFamily

// Scrape GETs url and parses its Prometheus text answer, failing t on any error.
func Scrape(t testing.TB, url string) Families {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("scrape %s: %v", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape %s: %s", url, resp.Status)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("scrape %s: not Prometheus text: %v", url, err)
	}
	return fams
}

// Value sums the counter or gauge samples of name whose labels include every name, value
// pair given (labels: "profile", "a", "outcome", "ok"); for a histogram it sums the
// observation counts. A series that is absent sums to 0.
func (f Families) Value(name string, labels ...string) float64 {
	var sum float64
	for _, m := range f.matching(name, labels) {
		switch {
		case m.Counter != nil:
			sum += m.Counter.GetValue()
		case m.Gauge != nil:
			sum += m.Gauge.GetValue()
		case m.Histogram != nil:
			sum += float64(m.Histogram.GetSampleCount())
		}
	}
	return sum
}

// Has reports whether name is a series of the scrape at all.
func (f Families) Has(name string) bool { return f[name] != nil }

func (f Families) matching(name string, labels []string) []*dto.Metric {
	fam := f[name]
	if fam == nil {
		return nil
	}
	var out []*dto.Metric
	for _, m := range fam.Metric {
		if hasLabels(m, labels) {
			out = append(out, m)
		}
	}
	return out
}

func hasLabels(m *dto.Metric, labels []string) bool {
	have := map[string]string{}
	for _, l := range m.Label {
		have[l.GetName()] = l.GetValue()
	}
	for i := 0; i+1 < len(labels); i += 2 {
		if have[labels[i]] != labels[i+1] {
			return false
		}
	}
	return true
}
