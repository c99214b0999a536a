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

// JSONAnswer checks that a successful response says it is JSON, as the SDKs check before
// decoding one: a proxy's page served with status 200 is a transport failure, not an answer.
func JSONAnswer(raw *http.Response) error {
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
