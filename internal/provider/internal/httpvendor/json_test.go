package httpvendor_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// strictCount is an adapter's own small struct; looseCount stands for an SDK type that takes
// a count as a number or a string.
type strictCount struct {
	N int64 `json:"n"`
}

type looseCount struct{ N int64 }

func (l *looseCount) UnmarshalJSON(b []byte) error {
	var raw struct {
		N json.RawMessage `json:"n"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	s, err := strconv.Unquote(string(raw.N))
	if err != nil {
		s = string(raw.N)
	}
	f, err := strconv.ParseFloat(s, 64)
	l.N = int64(f)
	return err
}

func fromLoose(l *looseCount) strictCount { return strictCount{N: l.N} }

func jsonResponse(ct string) *http.Response {
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {ct}}}
}

func TestDecodeAnswer(t *testing.T) {
	decode := func(ct, body string) (strictCount, error) {
		return httpvendor.DecodeAnswer(jsonResponse(ct), []byte(body), fromLoose)
	}
	v, err := decode("application/json", `{"n":3}`)
	require.NoError(t, err)
	assert.Equal(t, strictCount{N: 3}, v, "the strict reading")

	v, err = decode("application/json; charset=utf-8", `{"n":"4"}`)
	require.NoError(t, err)
	assert.Equal(t, strictCount{N: 4}, v, "a body the strict decoder refuses gets the loose reading")

	v, err = decode("application/vnd.acme+json", `{"n":5.0}`)
	require.NoError(t, err)
	assert.Equal(t, strictCount{N: 5}, v)

	_, err = decode("application/json", `{"n":`)
	assert.ErrorContains(t, err, "error parsing response json")

	_, err = decode("text/html", `{"n":3}`)
	assert.EqualError(t, err, `response content-type "text/html" is not JSON`, "a 200 must say it is JSON")
}

func TestEncodeJSONLeavesHTMLAlone(t *testing.T) {
	b, err := httpvendor.EncodeJSON(map[string]string{"text": "<b>&</b>"})
	require.NoError(t, err)
	assert.Equal(t, `{"text":"<b>&</b>"}`, string(b))
}

func TestClientIsSharedUnlessGiven(t *testing.T) {
	own := &http.Client{}
	assert.Same(t, own, httpvendor.Client(own))
	shared := httpvendor.Client(nil)
	assert.Same(t, shared, httpvendor.Client(nil), "one client for every adapter")
	tr, ok := shared.Transport.(*http.Transport)
	require.True(t, ok)
	assert.Equal(t, httpvendor.MaxIdlePerHost, tr.MaxIdleConnsPerHost)
	assert.NotNil(t, tr.Proxy, "proxies from the environment, as net/http's default")
}
