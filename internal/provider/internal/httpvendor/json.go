package httpvendor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"
)

// EncodeJSON is v as a request body. The adapters encode their own small request structs
// with the standard library rather than through the SDKs' parameter types, whose
// reflection-based encoders cost more per call than the HTTP round trip on loopback. HTML
// characters are left as they are (the SDKs do the same): the body is data for an API, and
// escaping them only lengthens prompts.
func EncodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// DecodeAnswer reads a successful answer's body into the adapter's own small struct T. The
// standard library's strict decoder reads the answers vendors normally send; a body it
// refuses goes to the SDK's decoder, into the SDK's type S, and loose copies what the adapter
// reads out of it. The SDK's decoder reads loosely (a count sent as 12.0 or "12", text that
// is not a string) and was the only reader before, so an odd compatible server's answer
// reads as it always did. The response must say it is JSON (jsonAnswer).
func DecodeAnswer[T, S any](raw *http.Response, body []byte, loose func(*S) T) (T, error) {
	var v T
	if err := jsonAnswer(raw); err != nil {
		return v, err
	}
	if json.Unmarshal(body, &v) == nil {
		return v, nil
	}
	var s S
	if err := json.Unmarshal(body, &s); err != nil {
		return v, fmt.Errorf("error parsing response json: %w", err)
	}
	return loose(&s), nil
}

// jsonAnswer checks that a successful response says it is JSON, as the SDKs check before
// decoding one: a proxy's page served with status 200 is a transport failure, not an answer.
func jsonAnswer(raw *http.Response) error {
	if raw == nil {
		return nil
	}
	ct := raw.Header.Get("Content-Type")
	media, _, _ := mime.ParseMediaType(ct)
	if strings.Contains(media, "application/json") || strings.HasSuffix(media, "+json") {
		return nil
	}
	return fmt.Errorf("response content-type %q is not JSON", ct)
}

// EventStream reports whether a successful response is a stream of server-sent events, as a
// streamed request's answer is; a server that ignored the request's "stream" answers JSON.
func EventStream(raw *http.Response) bool {
	media, _, _ := mime.ParseMediaType(raw.Header.Get("Content-Type"))
	return media == "text/event-stream"
}
