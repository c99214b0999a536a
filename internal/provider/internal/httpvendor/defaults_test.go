package httpvendor_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

func TestOrDefault(t *testing.T) {
	assert.Equal(t, time.Minute, httpvendor.OrDefault(0, time.Minute))
	assert.Equal(t, time.Minute, httpvendor.OrDefault(-time.Second, time.Minute))
	assert.Equal(t, time.Second, httpvendor.OrDefault(time.Second, time.Minute))
}

func TestModel(t *testing.T) {
	m, err := httpvendor.Model("asked", "configured", "acme")
	require.NoError(t, err)
	assert.Equal(t, "asked", m)
	m, err = httpvendor.Model("", "configured", "acme")
	require.NoError(t, err)
	assert.Equal(t, "configured", m)
	_, err = httpvendor.Model("", "", "acme")
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	assert.EqualError(t, err, "invalid-request: acme: no model in request or config")
}
