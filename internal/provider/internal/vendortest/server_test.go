package vendortest_test

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

func post(t *testing.T, srv *vendortest.Server, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewBufferString(body))
	require.NoError(t, err)
	req.Header.Set("X-Probe", path)
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServerAnswersInOrderThenRepeatsTheLastReply(t *testing.T) {
	srv := vendortest.NewServer(t,
		vendortest.Raw(http.StatusTooManyRequests, "application/json", `{"n":1}`, "Retry-After", "3"),
		vendortest.Raw(http.StatusOK, "application/json", `{"n":2}`))
	for i, want := range []struct {
		status int
		body   string
	}{{429, `{"n":1}`}, {200, `{"n":2}`}, {200, `{"n":2}`}} {
		status, body := post(t, srv, "/v1/x", `{"i":1}`)
		assert.Equal(t, want.status, status, "request %d", i)
		assert.Equal(t, want.body, body, "request %d", i)
	}
	assert.Len(t, srv.Requests(), 3)
}

func TestServerRecordsEachRequest(t *testing.T) {
	srv := vendortest.NewServer(t, vendortest.Raw(http.StatusOK, "text/plain", "ok"))
	post(t, srv, "/v1/a", `{"model":"m","messages":[{"role":"user"}]}`)
	post(t, srv, "/v1/b", "")

	got := srv.Requests()
	require.Len(t, got, 2)
	assert.Equal(t, http.MethodPost, got[0].Method)
	assert.Equal(t, "/v1/a", got[0].Path)
	assert.Equal(t, "/v1/a", got[0].Header.Get("X-Probe"))
	assert.Equal(t, "m", got[0].Body["model"])
	assert.Equal(t, "/v1/b", got[1].Path)
	assert.Nil(t, got[1].Body, "an empty body decodes to nothing")
}

func TestPathWalksObjectsAndArrays(t *testing.T) {
	doc := map[string]any{"messages": []any{map[string]any{"content": []any{"a", "b"}}}}
	assert.Equal(t, "b", vendortest.Path(doc, "messages", 0, "content", 1))
	assert.Nil(t, vendortest.Path(doc, "messages", 3, "content"), "index past the end")
	assert.Nil(t, vendortest.Path(doc, "nothing", "below"), "missing key")
	assert.Nil(t, vendortest.Path(doc, "messages", "content"), "key into an array")
}
