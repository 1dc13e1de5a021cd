# --max-inflight in English: 'lots' is not a number (exit 2).
--lang en serve --max-inflight lots
