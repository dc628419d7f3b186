//! Agent specs: `kind` or `kind:key=value,key=value` (`negamax:depth=6`,
//! `mcts:iterations=20000,c=0.7`, `oneply:eval=lines`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A spec that could not be read or built: names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// A parsed agent spec: its kind and its `key=value` parameters.
///
/// The typed getters ([`get`](AgentSpec::get), [`duration`](AgentSpec::duration),
/// …) mark keys as used; [`finish`](AgentSpec::finish) then rejects every
/// key no builder asked for, so a misspelt key is an error, never ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    text: String,
    kind: String,
    params: Vec<(String, String)>,
    used: Vec<bool>,
}

impl AgentSpec {
    /// Reads `kind[:key=value[,key=value…]]`.
    pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        let (kind, rest) = match text.split_once(':') {
            Some((k, r)) => (k.trim(), Some(r)),
            None => (text, None),
        };
        if kind.is_empty()
            || !kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(SpecError(format!("bad agent spec {text:?}: expected KIND[:KEY=VALUE,…]")));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for part in rest.unwrap_or("").split(',').filter(|p| !p.trim().is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return Err(SpecError(format!(
                    "bad parameter {part:?} in agent spec {text:?}: expected KEY=VALUE"
                )));
            };
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() {
                return Err(SpecError(format!(
                    "bad parameter {part:?} in agent spec {text:?}: the key is empty"
                )));
            }
            if params.iter().any(|(pk, _)| pk == k) {
                return Err(SpecError(format!("key {k:?} given twice in agent spec {text:?}")));
            }
            params.push((k.to_string(), v.to_string()));
        }
        let used = vec![false; params.len()];
        Ok(AgentSpec { text: text.to_string(), kind: kind.to_string(), params, used })
    }

    /// The spec as written (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The kind (`negamax`, `random`, …).
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The parameters as written.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// The raw value of `key`, marking it used.
    pub fn raw(&mut self, key: &str) -> Option<String> {
        let i = self.params.iter().position(|(k, _)| k == key)?;
        self.used[i] = true;
        Some(self.params[i].1.clone())
    }

    /// The value of `key` parsed as a `T`; a bad value names the key.
    pub fn get<T>(&mut self, key: &str) -> Result<Option<T>, SpecError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match self.raw(key) {
            None => Ok(None),
            Some(v) => v.parse::<T>().map(Some).map_err(|e| self.bad(key, &v, &e.to_string())),
        }
    }

    /// Like [`get`](AgentSpec::get), and the value must lie in `range`.
    pub fn get_in<T>(
        &mut self,
        key: &str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<Option<T>, SpecError>
    where
        T: FromStr + PartialOrd + fmt::Display,
        T::Err: fmt::Display,
    {
        let v = self.get::<T>(key)?;
        match v {
            Some(x) if !range.contains(&x) => Err(self.bad(
                key,
                &x.to_string(),
                &format!("out of range {}..={}", range.start(), range.end()),
            )),
            _ => Ok(v),
        }
    }

    /// A duration: `100ms`, `2s`, `1.5s`, `1m` (a bare number is
    /// milliseconds).
    pub fn duration(&mut self, key: &str) -> Result<Option<Duration>, SpecError> {
        match self.raw(key) {
            None => Ok(None),
            Some(v) => parse_duration(&v).map(Some).map_err(|e| self.bad(key, &v, &e)),
        }
    }

    /// An error about `key=value`.
    pub fn bad(&self, key: &str, value: &str, why: &str) -> SpecError {
        SpecError(format!("bad value {key}={value} in agent spec {:?}: {why}", self.text))
    }

    /// Rejects the keys no builder asked for, naming them and the keys
    /// `kind` takes (`known`).
    pub fn finish(&self, known: &[&str]) -> Result<(), SpecError> {
        let unknown: Vec<&str> = self
            .params
            .iter()
            .zip(&self.used)
            .filter(|(_, u)| !**u)
            .map(|((k, _), _)| k.as_str())
            .collect();
        if unknown.is_empty() {
            return Ok(());
        }
        let takes = if known.is_empty() { "no keys".to_string() } else { known.join(", ") };
        Err(SpecError(format!(
            "unknown key{} {} in agent spec {:?} ({} takes {takes})",
            if unknown.len() > 1 { "s" } else { "" },
            unknown.join(", "),
            self.text,
            self.kind
        )))
    }
}

/// Reads `100ms`, `2s`, `1.5s`, `1m`; a bare number is milliseconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (num, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, "ms"),
    };
    let x: f64 =
        num.trim().parse().map_err(|_| format!("{t:?} is not a duration like 100ms or 2s"))?;
    let secs = match unit {
        "ms" => x / 1000.0,
        "s" => x,
        "m" | "min" => x * 60.0,
        other => return Err(format!("unknown unit {other:?} (ms, s, m)")),
    };
    if !(secs.is_finite() && secs > 0.0 && secs <= 86_400.0) {
        return Err(format!("{t:?} must be positive and at most a day"));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_checks_keys() {
        let mut s = AgentSpec::parse("negamax:time=100ms, eval=rows,preset=lean").unwrap();
        assert_eq!(s.kind(), "negamax");
        assert_eq!(s.duration("time").unwrap(), Some(Duration::from_millis(100)));
        assert_eq!(s.raw("eval").as_deref(), Some("rows"));
        let e = s.finish(&["time", "eval"]).unwrap_err();
        assert!(e.0.contains("preset"), "{e}");
        assert_eq!(s.raw("preset").as_deref(), Some("lean"));
        s.finish(&[]).unwrap();
        let mut s = AgentSpec::parse("mcts:iterations=x").unwrap();
        assert!(s.get::<u64>("iterations").unwrap_err().0.contains("iterations=x"));
        assert!(AgentSpec::parse("negamax:depth").is_err());
        assert!(AgentSpec::parse("a:b=1,b=2").is_err());
        assert!(AgentSpec::parse("").is_err());
        assert_eq!(parse_duration("2s").unwrap(), Duration::from_secs(2));
        assert_eq!(parse_duration("250").unwrap(), Duration::from_millis(250));
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("1h").is_err());
    }
}
