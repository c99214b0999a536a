package httpvendor_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

func response(status int, body string) *http.Response {
	return &http.Response{StatusCode: status, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body))}
}

func TestBodyTextIsTrimmedAndBounded(t *testing.T) {
	assert.Equal(t, "", httpvendor.BodyText(nil))
	assert.Equal(t, "", httpvendor.BodyText(&http.Response{}))
	assert.Equal(t, "bad gateway", httpvendor.BodyText(response(502, "\n  bad gateway \n")))

	exact := strings.Repeat("a", httpvendor.MaxBodyText)
	assert.Equal(t, exact, httpvendor.BodyText(response(502, exact)), "a body at the bound is whole")

	long := strings.Repeat("b", 10*httpvendor.MaxBodyText)
	got := httpvendor.BodyText(response(502, long))
	assert.Equal(t, strings.Repeat("b", httpvendor.MaxBodyText)+"…", got)
}

func TestJoin(t *testing.T) {
	assert.Equal(t, "rate_limit_error: slow down", httpvendor.Join("rate_limit_error", "slow down"))
	assert.Equal(t, "slow down", httpvendor.Join("", "slow down"))
}
