//! The rules engine's stable codes, `RULExxx`. Its rejection, [`RulesError`](super::RulesError),
//! is the shared shape of `fenkit-diagnostics` with the legal moves as context
//! ([`super::moves`]).

fenkit_diagnostics::codes! {
    /// The rules engine's stable codes, `RULExxx`: why it refused a request. `spec/rules.md`
    /// documents each; `spec/codes.md` lists them with every other code.
    ///
    /// ```
    /// use dfen::rules::RulesCode;
    /// use dfen::Category;
    /// assert_eq!(RulesCode::IllegalMove.as_str(), "RULE005");
    /// assert_eq!(RulesCode::IllegalMove.title(), "illegal move");
    /// assert_eq!(RulesCode::IllegalMove.category(), Category::Rule);
    /// assert_eq!("rule001".parse::<RulesCode>(), Ok(RulesCode::NoDice));
    /// assert_eq!(
    ///     "RULE999".parse::<RulesCode>().unwrap_err().to_string(),
    ///     "unknown code `RULE999`: expected a code from `RULE001` to `RULE007`"
    /// );
    /// ```
    pub enum RulesCode {
        /// The position has no pending dice; roll first.
        NoDice = "RULE001", Rule, "no dice to play: roll first";
        /// A roll was asked for while dice are still pending.
        AlreadyRolled = "RULE002", Rule, "dice already rolled";
        /// A roll that is not 1 to 3 dice of `PNBRQK` or `1`–`6`.
        BadRoll = "RULE003", Rule, "invalid roll";
        /// A move that is not UCI.
        BadMove = "RULE004", Rule, "invalid move syntax";
        /// A move that is not among the legal moves of the position.
        IllegalMove = "RULE005", Rule, "illegal move";
        /// A pass while a legal move exists.
        CannotPass = "RULE006", Rule, "cannot pass: a legal move exists";
        /// The game is over: a side has no king (a king was captured), so no side rolls or
        /// moves any more.
        GameOver = "RULE007", Rule, "game over: a king was captured";
    }
}
